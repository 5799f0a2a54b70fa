import type { ReactElement, ReactNode } from "react";
import { plural } from "../../../lib/text.js";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AuditAnalytics } from "../api/types.js";
import { methodLabel } from "./event-labels.js";

/*
 * The charts of /analytics (recharts; this module is only reached from the lazily loaded
 * analytics route, so its weight never lands on /login). Each chart is a picture for sighted
 * readers (role="img" with a summary) and has the same figures as a table behind it.
 */

type Day = AuditAnalytics["days"][number];

const CHART_HEIGHT = 240;
// Colours are the stylesheet's custom properties: light and dark themes, no inline style sheet.
const METHOD_COLOURS = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)", "var(--chart-5)"];

export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { month: "short", day: "numeric", timeZone: "UTC" });
}

/** A day's failure rate as a percentage, or null when nobody tried to sign in. */
function dailyFailureRate(day: Day): number | null {
  const attempts = day.signInSuccess + day.signInFailure;
  return attempts === 0 ? null : Math.round((day.signInFailure / attempts) * 1000) / 10;
}

export function percent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

interface ChartFigureProps {
  id: string;
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
}

function ChartFigure({ id, title, summary, chart, table }: ChartFigureProps): ReactElement {
  return (
    <figure className="card chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>
        <h2>{title}</h2>
        <p className="muted small">{summary}</p>
      </figcaption>
      <div className="chart-canvas" role="img" aria-label={`${title}: ${summary}`}>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          {chart as ReactElement}
        </ResponsiveContainer>
      </div>
      <details className="chart-table">
        <summary>Table: {title.toLowerCase()}</summary>
        {table}
      </details>
    </figure>
  );
}

function DayTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: Array<[string, ...Array<string | number>]> }): ReactElement {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([day, ...cells]) => (
            <tr key={day}>
              <th scope="row">{dayLabel(day)}</th>
              {cells.map((cell, index) => (
                <td key={headers[index]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const axes = (
  <>
    <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
    <XAxis dataKey="day" tickFormatter={dayLabel} stroke="var(--muted)" fontSize={12} minTickGap={16} />
    <YAxis allowDecimals={false} stroke="var(--muted)" fontSize={12} width={40} />
  </>
);

export function AnalyticsCharts({ analytics }: { analytics: AuditAnalytics }): ReactElement {
  const { days, totals, methods } = analytics;
  const byMethod = days.map((day) => ({ day: day.day, ...day.byMethod }));
  const rates = days.map((day) => ({ day: day.day, rate: dailyFailureRate(day) }));
  const tooltip = (
    <Tooltip labelFormatter={(day) => dayLabel(String(day))} contentStyle={{ background: "var(--surface)", border: "1px solid var(--border)" }} />
  );
  return (
    <div className="charts">
      <ChartFigure
        id="chart-outcome"
        title="Sign-ins by outcome"
        summary={`${plural(totals.signIns + totals.failures, "sign-in attempt")}, ${totals.failures} failed.`}
        chart={
          <BarChart data={days} accessibilityLayer={false}>
            {axes}
            {tooltip}
            <Legend />
            <Bar dataKey="signInSuccess" name="Succeeded" stackId="outcome" fill="var(--ok)" isAnimationActive={false} />
            <Bar dataKey="signInFailure" name="Failed" stackId="outcome" fill="var(--danger)" isAnimationActive={false} />
          </BarChart>
        }
        table={
          <DayTable
            caption="Sign-ins per day by outcome"
            headers={["Succeeded", "Failed"]}
            rows={days.map((day) => [day.day, day.signInSuccess, day.signInFailure])}
          />
        }
      />
      <ChartFigure
        id="chart-method"
        title="Sign-ins by method"
        summary={methods.length === 0 ? "No sign-ins in this range." : `Methods used: ${methods.map(methodLabel).join(", ")}.`}
        chart={
          <BarChart data={byMethod} accessibilityLayer={false}>
            {axes}
            {tooltip}
            <Legend />
            {methods.map((method, index) => (
              <Bar
                key={method}
                dataKey={method}
                name={methodLabel(method)}
                stackId="method"
                fill={METHOD_COLOURS[index % METHOD_COLOURS.length]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        }
        table={
          <DayTable
            caption="Sign-ins per day by method"
            headers={methods.map(methodLabel)}
            rows={days.map((day) => [day.day, ...methods.map((method) => day.byMethod[method] ?? 0)])}
          />
        }
      />
      <ChartFigure
        id="chart-signups"
        title="Sign-ups"
        summary={totals.signUps === 1 ? "1 new account." : `${totals.signUps} new accounts.`}
        chart={
          <BarChart data={days} accessibilityLayer={false}>
            {axes}
            {tooltip}
            <Bar dataKey="signUps" name="Sign-ups" fill="var(--chart-1)" isAnimationActive={false} />
          </BarChart>
        }
        table={<DayTable caption="Sign-ups per day" headers={["Sign-ups"]} rows={days.map((day) => [day.day, day.signUps])} />}
      />
      <ChartFigure
        id="chart-failure-rate"
        title="Failure rate"
        summary={`${percent(totals.failureRate)} of sign-in attempts failed over the range.`}
        chart={
          <LineChart data={rates} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis dataKey="day" tickFormatter={dayLabel} stroke="var(--muted)" fontSize={12} minTickGap={16} />
            <YAxis unit="%" domain={[0, 100]} stroke="var(--muted)" fontSize={12} width={48} />
            <Tooltip
              labelFormatter={(day) => dayLabel(String(day))}
              formatter={(value) => `${String(value)}%`}
              contentStyle={{ background: "var(--surface)", border: "1px solid var(--border)" }}
            />
            <Line dataKey="rate" name="Failure rate" stroke="var(--danger)" connectNulls isAnimationActive={false} dot={{ r: 3 }} />
          </LineChart>
        }
        table={
          <DayTable
            caption="Failed sign-ins per day, as a share of attempts"
            headers={["Attempts", "Failed", "Failure rate"]}
            rows={days.map((day) => {
              const rate = dailyFailureRate(day);
              return [day.day, day.signInSuccess + day.signInFailure, day.signInFailure, rate === null ? "—" : `${rate}%`];
            })}
          />
        }
      />
    </div>
  );
}
