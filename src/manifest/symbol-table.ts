/**
 * The resolver's symbol table: for each kind, the names its documents declare and the URN each stands for (a
 * Tag's id, `<table>.<feature>`, a model's name). One URN per name is kept as the string itself; a name several
 * entities share (the same model name on two platforms) holds them all, in declaration order.
 */
export class SymbolTable {
  private readonly kinds = new Map<string, Map<string, string | string[]>>();

  /** `name` of `kind` stands for `urn` (a later definition replaces an earlier one). */
  define(kind: string, name: string, urn: string): void {
    this.tableOf(kind).set(name, urn);
  }

  /** `name` of `kind` stands for `urn` too (each URN listed once). */
  defineShared(kind: string, name: string, urn: string): void {
    const table = this.tableOf(kind);
    const urns = table.get(name);
    if (urns === undefined) table.set(name, urn);
    else if (typeof urns === 'string') {
      if (urns !== urn) table.set(name, [urns, urn]);
    } else if (!urns.includes(urn)) urns.push(urn);
  }

  urnNamed(kind: string, name: string): string | undefined {
    const urns = this.kinds.get(kind)?.get(name);
    return typeof urns === 'string' ? urns : urns?.[0];
  }

  urnsNamed(kind: string, name: string): readonly string[] {
    const urns = this.kinds.get(kind)?.get(name);
    return urns === undefined ? [] : typeof urns === 'string' ? [urns] : urns;
  }

  namesOf(kind: string): Iterable<string> {
    return this.kinds.get(kind)?.keys() ?? [];
  }

  size(kind: string): number {
    return this.kinds.get(kind)?.size ?? 0;
  }

  /** The name `urn` was declared under: a walk through the kind's names, for messages only. */
  nameOf(kind: string, urn: string): string | undefined {
    for (const [name, urns] of this.kinds.get(kind) ?? []) {
      if (urns === urn || (Array.isArray(urns) && urns.includes(urn))) return name;
    }
    return undefined;
  }

  private tableOf(kind: string): Map<string, string | string[]> {
    let table = this.kinds.get(kind);
    if (table === undefined) {
      table = new Map();
      this.kinds.set(kind, table);
    }
    return table;
  }
}
