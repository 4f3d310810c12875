import fs from "node:fs";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { tempDatabase } from "#tests/fixtures/temp-db";

// app/db/schema.ts is written by hand beside the migrations, and Kysely trusts
// it blindly: a column added to a migration without its type (or a type whose
// column never landed) compiles and fails only at run time. This test reads
// the interfaces with the TypeScript compiler and compares them with what the
// migrations actually create. A column of codes is typed with its domain's
// union, imported from a model (MaintenanceStatus): the compiler's checker
// says what that union is made of.

type Kind = "integer" | "text";
type TsColumn = { kind: Kind; nullable: boolean; generated: boolean };
type DbColumn = { name: string; type: string; notnull: number; dflt_value: string | null; pk: number };

const SCHEMA_FILE = path.resolve(import.meta.dirname, "../../app/db/schema.ts");
const TSCONFIG = path.resolve(import.meta.dirname, "../../tsconfig.json");

// schema.ts and what it imports, compiled with the project's options (its
// path aliases among them).
function compileSchema() {
  const { config } = ts.readConfigFile(TSCONFIG, (file) => fs.readFileSync(file, "utf8"));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(TSCONFIG));
  const program = ts.createProgram([SCHEMA_FILE], options);
  return { source: program.getSourceFile(SCHEMA_FILE)!, checker: program.getTypeChecker() };
}

// An imported type reduces to a storage class when every member of its union
// is a string (or every one a number), or when it brands a number.
function kindOfType(type: ts.Type): Kind | null {
  // A branded number (Cents: number & { __brand }) is stored as its number.
  if (type.isIntersection() && type.types.some((t) => t.flags & ts.TypeFlags.NumberLike)) return "integer";
  const members = type.isUnion() ? type.types : [type];
  if (members.every((t) => t.flags & ts.TypeFlags.StringLike)) return "text";
  if (members.every((t) => t.flags & ts.TypeFlags.NumberLike)) return "integer";
  return null;
}

// Table name -> column name -> what its TypeScript type says.
function readSchemaTypes(): Map<string, Map<string, TsColumn>> {
  const { source, checker } = compileSchema();
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement.type);
  }

  // Literal types, local aliases (Role) and imported unions (BillingStatus)
  // reduce to the SQLite storage class.
  const kindOf = (node: ts.TypeNode, where: string): Kind => {
    if (node.kind === ts.SyntaxKind.NumberKeyword) return "integer";
    if (node.kind === ts.SyntaxKind.StringKeyword) return "text";
    if (ts.isLiteralTypeNode(node)) {
      if (ts.isStringLiteral(node.literal)) return "text";
      if (ts.isNumericLiteral(node.literal)) return "integer";
    }
    if (ts.isUnionTypeNode(node)) {
      const kinds = new Set(node.types.map((t) => kindOf(t, where)));
      if (kinds.size === 1) return [...kinds][0];
    }
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && aliases.has(node.typeName.text)) {
      return kindOf(aliases.get(node.typeName.text)!, where);
    }
    const imported = ts.isTypeReferenceNode(node) ? kindOfType(checker.getTypeFromTypeNode(node)) : null;
    if (imported) return imported;
    throw new Error(`${where}: cannot map the type "${node.getText(source)}" to a SQLite column; extend this test`);
  };

  const columnOf = (node: ts.TypeNode, where: string): TsColumn => {
    if (
      ts.isTypeReferenceNode(node) &&
      ts.isIdentifier(node.typeName) &&
      node.typeName.text === "Generated" &&
      node.typeArguments?.length === 1
    ) {
      return { ...columnOf(node.typeArguments[0], where), generated: true };
    }
    if (ts.isUnionTypeNode(node)) {
      const isNull = (t: ts.TypeNode) => ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword;
      const rest = node.types.filter((t) => !isNull(t));
      if (rest.length < node.types.length) {
        const inner = rest.length === 1 ? rest[0] : ts.factory.createUnionTypeNode(rest);
        return { kind: kindOf(inner, where), nullable: true, generated: false };
      }
    }
    return { kind: kindOf(node, where), nullable: false, generated: false };
  };

  // An interface's own members and those of the interfaces it extends
  // (PrivateFileColumns).
  const membersOf = (decl: ts.InterfaceDeclaration): ts.TypeElement[] => [
    ...(decl.heritageClauses ?? []).flatMap((clause) =>
      clause.types.flatMap((base) => {
        const parent = interfaces.get(base.expression.getText(source));
        if (!parent)
          throw new Error(
            `${decl.name.text}: extends "${base.getText(source)}", which is not an interface of schema.ts`,
          );
        return membersOf(parent);
      }),
    ),
    ...decl.members,
  ];

  const database = interfaces.get("Database");
  if (!database) throw new Error("app/db/schema.ts has no `interface Database`");
  const tables = new Map<string, Map<string, TsColumn>>();
  for (const member of database.members) {
    if (
      !ts.isPropertySignature(member) ||
      !member.type ||
      !ts.isTypeReferenceNode(member.type) ||
      !ts.isIdentifier(member.type.typeName)
    ) {
      throw new Error(`Database: unexpected member "${member.getText(source)}"`);
    }
    const table = member.name.getText(source);
    const decl = interfaces.get(member.type.typeName.text);
    if (!decl) throw new Error(`Database.${table}: interface ${member.type.typeName.text} not found in schema.ts`);
    const columns = new Map<string, TsColumn>();
    for (const column of membersOf(decl)) {
      if (!ts.isPropertySignature(column) || !column.type)
        throw new Error(`${decl.name.text}: unexpected member "${column.getText(source)}"`);
      const name = column.name.getText(source);
      columns.set(name, columnOf(column.type, `${decl.name.text}.${name}`));
    }
    tables.set(table, columns);
  }
  return tables;
}

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const types = readSchemaTypes();
let migrated: Map<string, DbColumn[]>;

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("schema-it-"));
  // Kysely's own bookkeeping tables are not the app's.
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_schema
    where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'
    order by name`.execute(db);
  migrated = new Map();
  for (const { name } of rows) {
    migrated.set(name, (await sql<DbColumn>`select * from pragma_table_info(${name})`.execute(db)).rows);
  }
});

afterAll(() => cleanup());

describe("app/db/schema.ts matches the migrated database", () => {
  it("has an interface for every table, and a table for every interface", () => {
    expect([...types.keys()].sort()).toEqual([...migrated.keys()].sort());
  });

  it("declares every column of every table, and no column that does not exist", () => {
    for (const [table, columns] of migrated) {
      const declared = [...(types.get(table)?.keys() ?? [])].sort();
      expect(declared, `columns of ${table}`).toEqual(columns.map((c) => c.name).sort());
    }
  });

  it("gives each column its storage class, nullability and generated-ness", () => {
    const problems: string[] = [];
    for (const [table, columns] of migrated) {
      for (const c of columns) {
        const t = types.get(table)?.get(c.name);
        if (!t) continue; // reported by the test above
        const where = `${table}.${c.name}`;
        const kind = c.type.toLowerCase();
        if (kind !== t.kind) problems.push(`${where}: the column is ${kind || "untyped"}, the type says ${t.kind}`);
        // A primary key is never NULL in practice, whatever PRAGMA says of text keys.
        const nullable = c.notnull === 0 && c.pk === 0;
        if (nullable !== t.nullable)
          problems.push(`${where}: the column is ${nullable ? "" : "NOT "}NULL-able, the type says the opposite`);
        // Generated<> lets an insert leave the column out: only sound when
        // SQLite fills it (a default, or the integer primary key's rowid).
        const filled = c.dflt_value !== null || (c.pk === 1 && kind === "integer");
        if (t.generated && !filled) problems.push(`${where}: Generated<> in the type, but the column has no default`);
      }
    }
    expect(problems).toEqual([]);
  });
});
