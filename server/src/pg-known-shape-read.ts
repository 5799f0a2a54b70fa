/**
 * A read of a named prepared statement whose rows' shape (column names and types) is described
 * when a connection prepares the statement, instead of on every execution.
 *
 * pg runs a named statement as Bind, Describe, Execute, Sync: the Describe makes PostgreSQL send
 * the portal's RowDescription with every result, and pg parses it again (field by field, a
 * dictionary-mode template row, its names interned) before the first row. For the session lookup
 * on every signed-in request (25 columns) that was the largest single cost of a get-session on
 * PostgreSQL, beside PostgreSQL's own work of describing it each time
 * (docs/performance/runs-2026-11.md, 01:27Z).
 *
 * A read that prepares the statement on a connection (Parse, the first time it runs there)
 * describes it too, and keeps its columns and their type parsers by statement name (one name is
 * one SQL text in this process: statementNames in database.ts); later reads on a connection that
 * has the statement send Bind, Execute, Sync only and make each row from the kept shape. The
 * statement is marked as parsed the way pg marks its own, so pg's Query and this read share it.
 *
 * Why the kept shape is right: a prepared statement's result type is fixed for the life of the
 * statement on its connection. After a migration changes it, PostgreSQL refuses the statement on
 * every connection that prepared it before ("cached plan must not change result type"), and a
 * connection that prepares it after describes it again, replacing the kept shape before any row
 * of the new type is read. An error from the read forgets the shape; so does a row whose column
 * count differs from it, which is answered as an error, never as a row under the wrong names.
 */
/** A column of a RowDescription, as pg-protocol parses it. */
interface FieldDescription {
  name: string;
  dataTypeID: number;
}

/** What pg's Connection offers a Submittable (pg-cursor uses the same), typed here for what this read sends. */
interface ProtocolConnection {
  readonly stream: { cork(): void; uncork(): void };
  readonly parsedStatements: Record<string, string | undefined>;
  readonly submittedNamedStatements?: Record<string, string | undefined>;
  parse(config: { name: string; text: string }): void;
  bind(config: { statement: string; values: readonly (string | null)[] }): void;
  describe(config: { type: "P"; name: string }): void;
  execute(config: { portal: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

type TypeParser = (text: string) => unknown;

interface RowShape {
  columns: number;
  toRow: (values: readonly (string | null)[]) => Record<string, unknown>;
}

export type KnownShapeCallback = (error: Error | null, rows?: Record<string, unknown>[]) => void;

/**
 * Makes rows as objects from a row's text values, each through its column's parser. Each row is
 * a copy of a blank row with every column (null), in order, which V8 makes by copying its
 * layout; a row built up from {} one column at a time walks a chain of layouts, one per column.
 */
function rowBuilder(columns: readonly string[], parsers: readonly TypeParser[]): (values: readonly (string | null)[]) => Record<string, unknown> {
  // JSON.parse makes fast-mode objects; a spread of one copies its layout.
  const blank = JSON.parse(JSON.stringify(Object.fromEntries(columns.map((name) => [name, null])))) as Record<string, unknown>;
  const count = columns.length;
  return (values) => {
    const row: Record<string, unknown> = { ...blank };
    for (let i = 0; i < count; i++) {
      const value = values[i] ?? null;
      row[columns[i]!] = value === null ? null : parsers[i]!(value);
    }
    return row;
  };
}

/** The shapes of the statements read so far, by statement name. */
export class RowShapes {
  readonly #shapes = new Map<string, RowShape>();
  readonly #parserOf: (dataTypeID: number) => TypeParser;

  /** `parserOf`: pg's text-format parser for a type (pg.types.getTypeParser(oid, "text")). */
  constructor(parserOf: (dataTypeID: number) => TypeParser) {
    this.#parserOf = parserOf;
  }

  get(name: string): RowShape | undefined {
    return this.#shapes.get(name);
  }

  learn(name: string, fields: readonly FieldDescription[]): RowShape {
    const shape: RowShape = {
      columns: fields.length,
      toRow: rowBuilder(
        fields.map((field) => field.name),
        fields.map((field) => this.#parserOf(field.dataTypeID)),
      ),
    };
    this.#shapes.set(name, shape);
    return shape;
  }

  forget(name: string): void {
    this.#shapes.delete(name);
  }
}

/** One execution of a named statement with text parameters; its rows (or its error) go to `callback` once PostgreSQL is ready again. */
export class KnownShapeRead {
  readonly name: string;
  readonly text: string;
  /** pg calls this for a read that fails before it is sent (a connection already broken). */
  readonly callback: KnownShapeCallback;
  readonly #values: readonly (string | null)[];
  readonly #shapes: RowShapes;
  #shape: RowShape | undefined;
  readonly #rows: Record<string, unknown>[] = [];
  #failure: Error | null = null;
  #answered = false;

  constructor(shapes: RowShapes, name: string, text: string, values: readonly (string | null)[], callback: KnownShapeCallback) {
    this.#shapes = shapes;
    this.name = name;
    this.text = text;
    this.#values = values;
    this.#shape = shapes.get(name);
    this.callback = (error, rows) => {
      if (this.#answered) return;
      this.#answered = true;
      callback(error, rows);
    };
  }

  /** Sends the read; an error instead when the connection knows the name for another text (pg then calls handleError). */
  submit(connection: ProtocolConnection): Error | null {
    const parsed = connection.parsedStatements[this.name] ?? connection.submittedNamedStatements?.[this.name];
    if (parsed !== undefined && parsed !== this.text) {
      // statementNames never gives one name to two texts; a connection that says otherwise is not trusted.
      return new Error(`prepared statement ${this.name} names another text on this connection`);
    }
    connection.stream.cork();
    try {
      if (parsed === undefined) {
        connection.parse({ name: this.name, text: this.text });
        if (connection.submittedNamedStatements) connection.submittedNamedStatements[this.name] = this.text;
      }
      connection.bind({ statement: this.name, values: this.#values });
      if (parsed === undefined || !this.#shape) connection.describe({ type: "P", name: "" });
      connection.execute({ portal: "" });
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    return null;
  }

  handleRowDescription(message: { fields: readonly FieldDescription[] }): void {
    this.#shape = this.#shapes.learn(this.name, message.fields);
  }

  handleDataRow(message: { fields: readonly (string | null)[] }): void {
    if (this.#failure) return;
    const shape = this.#shape;
    if (!shape || message.fields.length !== shape.columns) {
      this.#shapes.forget(this.name);
      this.#failure = new Error(`prepared statement ${this.name} answered ${message.fields.length} columns where its shape has ${shape?.columns ?? "none"}`);
      return;
    }
    this.#rows.push(shape.toRow(message.fields));
  }

  handleCommandComplete(): void {}

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: ProtocolConnection): void {
    connection.sendCopyFail("a read does not copy");
  }

  handleCopyData(): void {}

  handleError(error: Error): void {
    this.#shapes.forget(this.name);
    this.callback(error);
  }

  handleReadyForQuery(): void {
    if (this.#failure) this.callback(this.#failure);
    else this.callback(null, this.#rows);
  }
}
