import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PagedTable, type TableColumn } from "./paged-table.js";

interface Planet {
  id: string;
  name: string;
  moons: number;
}

const COLUMNS: readonly TableColumn<Planet>[] = [
  { header: "Moons", cell: (planet) => String(planet.moons) },
  { header: "Planet", rowHeader: true, cell: (planet) => planet.name, title: (planet) => `The planet ${planet.name}` },
];
const PLANETS: Planet[] = [
  { id: "earth", name: "Earth", moons: 1 },
  { id: "mars", name: "Mars", moons: 2 },
];

describe("PagedTable", () => {
  it("names each row by its row-header column, keeps its data attributes and titles, and says where the reader is", () => {
    render(
      <PagedTable
        caption="Planets"
        className="planets"
        columns={COLUMNS}
        rows={PLANETS}
        rowKey={(planet) => planet.id}
        rowData={(planet) => ({ "data-planet": planet.id })}
        busy
        pager={{ label: "Pages of planets", status: "1–2 of 9", controls: <button type="button">Next</button> }}
      />,
    );
    const table = screen.getByRole("table", { name: "Planets" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Moons", "Planet"]);
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Earth", "Mars"]);
    expect(within(table).getByRole("rowheader", { name: "Mars" }).getAttribute("title")).toBe("The planet Mars");
    expect(table.querySelector('tr[data-planet="mars"]')?.textContent).toBe("2Mars");
    expect(table.closest(".table-scroll")?.getAttribute("aria-busy")).toBe("true");
    const pager = screen.getByRole("navigation", { name: "Pages of planets" });
    expect(within(pager).getByRole("status").textContent).toBe("1–2 of 9");
    expect(within(pager).getByRole("button", { name: "Next" })).toBeTruthy();
  });

  it("has no pager when none is given, and is not busy", () => {
    const { container } = render(<PagedTable caption="Planets" className="planets" columns={COLUMNS} rows={PLANETS} rowKey={(planet) => planet.id} />);
    expect(container.querySelector("nav")).toBeNull();
    expect(container.querySelector(".table-scroll")?.hasAttribute("aria-busy")).toBe(false);
  });
});
