import { useState, type ReactElement } from "react";
import { RANGE_PRESETS, rangeProblem, type DayRange } from "../api/analytics-range.js";
import { useTranslation } from "../../../lib/i18n.js";

export type RangeChoice = { kind: "preset"; days: number } | { kind: "custom"; range: DayRange };

export interface RangePickerProps {
  choice: RangeChoice;
  /** The range now shown (for the custom fields' starting values). */
  current: DayRange;
  onChange: (choice: RangeChoice) => void;
}

/** Last 7, 30 or 90 days, or a custom span of days (at most 366). */
export function RangePicker({ choice, current, onChange }: RangePickerProps): ReactElement {
  const [draft, setDraft] = useState<DayRange>(choice.kind === "custom" ? choice.range : current);
  const [customOpen, setCustomOpen] = useState(choice.kind === "custom");
  const problem = rangeProblem(draft);
  const { t } = useTranslation();
  return (
    <div className="range-picker">
      <fieldset className="segmented">
        <legend className="visually-hidden">{t("range.legend")}</legend>
        {RANGE_PRESETS.map((days) => {
          const selected = !customOpen && choice.kind === "preset" && choice.days === days;
          return (
            <label key={days} className={selected ? "selected" : undefined}>
              <input
                type="radio"
                name="range"
                value={String(days)}
                checked={selected}
                onChange={() => {
                  setCustomOpen(false);
                  onChange({ kind: "preset", days });
                }}
              />
              {t("range.last", { count: days })}
            </label>
          );
        })}
        <label className={customOpen ? "selected" : undefined}>
          <input
            type="radio"
            name="range"
            value="custom"
            checked={customOpen}
            onChange={() => {
              setDraft(current);
              setCustomOpen(true);
            }}
          />
          {t("range.custom")}
        </label>
      </fieldset>
      {customOpen && (
        <form
          className="filters"
          aria-label={t("range.customRange")}
          onSubmit={(event) => {
            event.preventDefault();
            if (!problem) onChange({ kind: "custom", range: draft });
          }}
        >
          <div className="field">
            <label htmlFor="range-from">{t("filters.from")}</label>
            <input id="range-from" type="date" value={draft.from} required onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="range-to">{t("filters.to")}</label>
            <input id="range-to" type="date" value={draft.to} required onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </div>
          <div className="field field-end">
            <button type="submit" disabled={problem !== null}>
              {t("range.show")}
            </button>
          </div>
          {problem && (
            <p className="muted small field-note" role="status">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
