import { Fragment, type ReactElement, type ReactNode } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import type { PlanId } from "@gatehouse/server/shared";
import { actionErrorMessage } from "../lib/error-messages.js";
import { i18n, type Language, type MessageId, type Translate } from "../lib/i18n.js";
import { showAppLanguage } from "./language-switcher.js";

/*
 * The signed-in pages' kit: their sections, action statuses, dates and numbers, and their words.
 * This module's top-level await loads the signed-in pages' messages in the shown language
 * (web/locales/app/), so every module that imports it (each signed-in page, the signed-in layout,
 * /consent, the error screens) waits until they are in and nothing renders a message id. They
 * are not in /login's first load; from here on the switcher brings them with each language.
 */
await showAppLanguage(i18n.locale as Language, true);

/** The shown language's message outside a component (a table's columns, a formatter). */
export const translate: Translate = (id, values) => i18n._(id, values);

/** An organization role's name in the shown language (`role.owner`: "owner"); a custom role keeps its own. */
export function roleLabel(role: string): string {
  const id = `role.${role}`;
  const label = translate(id as MessageId);
  return label === id ? role : label;
}

/** A plan's name in the shown language (`plan.name.free`: "Free"); the server's names are its English ones. */
export function planName(plan: PlanId): string {
  return translate(`plan.name.${plan}`);
}

export interface SectionProps {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}

/** A titled card of the security center. */
export function Section({ id, title, description, children }: SectionProps): ReactElement {
  return (
    <section className="card" id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {description && <p className="muted">{description}</p>}
      {children}
    </section>
  );
}

export interface ActionStatusProps {
  // Any mutation: only its state is read.
  mutation: Pick<UseMutationResult<unknown, unknown, never>, "isPending" | "isSuccess" | "isError" | "error">;
  pending: string;
  success: string;
  /** Overrides the message derived from the error (spec §8 wording). */
  errorMessage?: (error: unknown) => string;
}

/** Every action shows its progress, its success and the spec's error message. */
export function ActionStatus({ mutation, pending, success, errorMessage }: ActionStatusProps): ReactElement | null {
  if (mutation.isPending)
    return (
      <p className="notice" role="status">
        {pending}
      </p>
    );
  if (mutation.isError) {
    return (
      <p className="notice error" role="alert">
        {(errorMessage ?? actionErrorMessage)(mutation.error)}
      </p>
    );
  }
  if (mutation.isSuccess)
    return (
      <p className="notice success" role="status">
        {success}
      </p>
    );
  return null;
}

/** A moment in the shown language's words ("29 Nov 2026, 10:05" in English, "29.11.2026, 10:05" in German). */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime())
    ? translate("common.unknown")
    : date.toLocaleString(i18n.locale || undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** A count in the shown language's digits and grouping (1,234 · 1.234 · 1 234). */
export function formatNumber(value: number): string {
  return value.toLocaleString(i18n.locale || undefined);
}

/**
 * A translated sentence with marked parts, `<0>…</0>` (or `<0/>` for an element without words)
 * in the catalog ("Signed in as <0>{name}</0> since {date}."), each given its element by `mark`
 * (its words and its number): the translator keeps the marks where the language wants them.
 * Text only: React escapes every part.
 */
export function richText(message: string, mark: (text: string, index: number) => ReactNode): ReactElement {
  // split() with the pattern's three groups: text, then [number, words, number of an empty mark] per mark.
  const parts = message.split(/<(\d)>(.*?)<\/\1>|<(\d)\/>/s);
  const nodes: ReactNode[] = [];
  for (let index = 0; index < parts.length; index += 4) {
    nodes.push(parts[index]);
    if (index + 1 >= parts.length) break;
    const [number, words, empty] = [parts[index + 1], parts[index + 2], parts[index + 3]];
    nodes.push(mark(words ?? "", Number(number ?? empty)));
  }
  return (
    <>
      {nodes.map((node, index) => (
        <Fragment key={index}>{node}</Fragment>
      ))}
    </>
  );
}
