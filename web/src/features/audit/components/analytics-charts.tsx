import type { ReactElement, ReactNode } from "react";
import { i18n, useTranslation } from "../../../lib/i18n.js";
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
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(i18n.locale || undefined, { month: "short", day: "numeric", timeZone: "UTC" });
}

/** A day's failure rate as a percentage, or null when nobody tried to sign in. */
function dailyFailureRate(day: Day): number | null {
  const attempts = day.signInSuccess + day.signInFailure;
  return attempts === 0 ? null : Math.round((day.signInFailure / attempts) * 1000) / 10;
}

/** A share as the shown language writes a percentage (12.5% · 12,5 % · 12,5 %). */
export function percent(rate: number): string {
  return (Math.round(rate * 1000) / 1000).toLocaleString(i18n.locale || undefined, { style: "percent", maximumFractionDigits: 1 });
}

interface ChartFigureProps {
  id: string;
  title: string;
  /** The data table's disclosure, "Table: sign-ins by outcome". */
  tableLabel: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
}

function ChartFigure({ id, title, tableLabel, summary, chart, table }: ChartFigureProps): ReactElement {
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
        <summary>{tableLabel}</summary>
        {table}
      </details>
    </figure>
  );
}

function DayTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: Array<[string, ...Array<string | number>]> }): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("charts.day")}</th>
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
  const { t } = useTranslation();
  const tooltip = (
    <Tooltip labelFormatter={(day) => dayLabel(String(day))} contentStyle={{ background: "var(--surface)", border: "1px solid var(--border)" }} />
  );
  return (
    <div className="charts">
      <ChartFigure
        id="chart-outcome"
        title={t("charts.outcome.title")}
        tableLabel={t("charts.outcome.table")}
        summary={t("charts.outcome.summary", { count: totals.signIns + totals.failures, failed: totals.failures })}
        chart={
          <BarChart data={days} accessibilityLayer={false}>
            {axes}
            {tooltip}
            <Legend />
            <Bar dataKey="signInSuccess" name={t("outcome.success")} stackId="outcome" fill="var(--ok)" isAnimationActive={false} />
            <Bar dataKey="signInFailure" name={t("outcome.failure")} stackId="outcome" fill="var(--danger)" isAnimationActive={false} />
          </BarChart>
        }
        table={
          <DayTable
            caption={t("charts.outcome.caption")}
            headers={[t("outcome.success"), t("outcome.failure")]}
            rows={days.map((day) => [day.day, day.signInSuccess, day.signInFailure])}
          />
        }
      />
      <ChartFigure
        id="chart-method"
        title={t("charts.method.title")}
        tableLabel={t("charts.method.table")}
        summary={methods.length === 0 ? t("charts.method.none") : t("charts.method.summary", { methods: methods.map(methodLabel).join(", ") })}
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
            caption={t("charts.method.caption")}
            headers={methods.map(methodLabel)}
            rows={days.map((day) => [day.day, ...methods.map((method) => day.byMethod[method] ?? 0)])}
          />
        }
      />
      <ChartFigure
        id="chart-signups"
        title={t("charts.signUps.title")}
        tableLabel={t("charts.signUps.table")}
        summary={t("charts.signUps.summary", { count: totals.signUps })}
        chart={
          <BarChart data={days} accessibilityLayer={false}>
            {axes}
            {tooltip}
            <Bar dataKey="signUps" name={t("charts.signUps.title")} fill="var(--chart-1)" isAnimationActive={false} />
          </BarChart>
        }
        table={<DayTable caption={t("charts.signUps.caption")} headers={[t("charts.signUps.title")]} rows={days.map((day) => [day.day, day.signUps])} />}
      />
      <ChartFigure
        id="chart-failure-rate"
        title={t("charts.rate.title")}
        tableLabel={t("charts.rate.table")}
        summary={t("charts.rate.summary", { rate: percent(totals.failureRate) })}
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
            <Line dataKey="rate" name={t("charts.rate.title")} stroke="var(--danger)" connectNulls isAnimationActive={false} dot={{ r: 3 }} />
          </LineChart>
        }
        table={
          <DayTable
            caption={t("charts.rate.caption")}
            headers={[t("charts.rate.attempts"), t("outcome.failure"), t("charts.rate.title")]}
            rows={days.map((day) => {
              const rate = dailyFailureRate(day);
              return [day.day, day.signInSuccess + day.signInFailure, day.signInFailure, rate === null ? "—" : percent(rate / 100)];
            })}
          />
        }
      />
    </div>
  );
}
