/**
 * The /admin/shipping country table's search and "select many" rules (issue 25), pure so they are
 * tested without a DOM (country-table.ts applies them to the rows): search by name or ISO code,
 * ignoring case and accents; select a zone's countries, a region's (the EU: lib/rules/regions.ts)
 * or the ones the search shows.
 */
import { inRegion, type Region } from '@/lib/rules/regions';

export interface CountryRow {
  id: number;
  name: string;
  iso: string;
  /** null: in no zone. */
  zoneId: number | null;
}

/** Lower case without accents: "Österreich" is found by "oster". */
export function searchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** A blank query shows every row; else a part of the name, or the whole ISO code. */
export function matchesSearch(row: Pick<CountryRow, 'name' | 'iso'>, query: string): boolean {
  const q = searchText(query);
  return q === '' || searchText(row.name).includes(q) || row.iso.toLowerCase() === q;
}

export type Picker =
  { by: 'zone'; zoneId: number | null } | { by: 'region'; region: Region } | { by: 'shown'; query: string };

/** The ids a picker selects, in the rows' order. */
export function pickedIds(rows: readonly CountryRow[], picker: Picker): number[] {
  const keep = (row: CountryRow): boolean => {
    switch (picker.by) {
      case 'zone':
        return row.zoneId === picker.zoneId;
      case 'region':
        return inRegion(picker.region, row.iso);
      case 'shown':
        return matchesSearch(row, picker.query);
    }
  };
  return rows.filter(keep).map((row) => row.id);
}
