/** What one table's import did; the dry run prints the same figures without writing. */
export interface TableReport {
  /** Rows read from the source (this run). */
  read: number;
  /** New Atendo rows written. */
  imported: number;
  /** Source rows mapped onto an Atendo row that already existed (same number, email, name…). */
  merged: number;
  /** Source rows a previous run already imported: nothing done. */
  already: number;
  /** Not imported, by reason. */
  skipped: Map<string, number>;
  /** Tickets whose last message, unread count or first response this run recomputed. */
  countersRefreshed: number;
  /** Imported with a change, by reason (an open ticket without owner imported pending…). */
  adjusted: Map<string, number>;
}

export class ImportReport {
  readonly tables = new Map<string, TableReport>();

  table(name: string): TableReport {
    let entry = this.tables.get(name);
    if (!entry) {
      entry = { read: 0, imported: 0, merged: 0, already: 0, countersRefreshed: 0, skipped: new Map(), adjusted: new Map() };
      this.tables.set(name, entry);
    }
    return entry;
  }

  skip(table: string, reason: string, count = 1): void {
    if (count > 0) bump(this.table(table).skipped, reason, count);
  }

  adjust(table: string, reason: string, count = 1): void {
    if (count > 0) bump(this.table(table).adjusted, reason, count);
  }

  /** Rows written by this run, all tables: 0 on a second run. */
  totalImported(): number {
    let total = 0;
    for (const entry of this.tables.values()) total += entry.imported + entry.merged + entry.countersRefreshed;
    return total;
  }

  lines(dryRun: boolean): string[] {
    const verb = dryRun ? "would import" : "imported";
    const out: string[] = [];
    for (const [name, t] of this.tables) {
      const skipped = [...t.skipped.values()].reduce((a, b) => a + b, 0);
      out.push(`${name}: read ${t.read}, ${verb} ${t.imported}, merged ${t.merged}, already imported ${t.already}, skipped ${skipped}`);
      for (const [reason, count] of t.skipped) out.push(`  skipped ${count}: ${reason}`);
      for (const [reason, count] of t.adjusted) out.push(`  adjusted ${count}: ${reason}`);
      if (t.countersRefreshed > 0) out.push(`  last message and unread count recomputed for ${t.countersRefreshed}`);
    }
    return out;
  }
}

function bump(map: Map<string, number>, key: string, count: number): void {
  map.set(key, (map.get(key) ?? 0) + count);
}
