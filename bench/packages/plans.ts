// The packages benchmark's query plans: the list's and the detail's queries, as queries.ts and detail.ts make them, explained
// on the data the run left.
import { packageDetail } from '../../src/server/packages/detail.ts';
import { findVisiblePackage, listCustomerPackages } from '../../src/server/packages/queries.ts';
import { shortSql, withInspector } from '../support/inspector.ts';
import type { Customer } from '../support/packages-seed.ts';
import type { Storage } from '../support/storage.ts';

export interface ExplainedQuery {
  label: string;
  sql: string;
  plan: string[];
}

export interface RoutePlans {
  /** The customer's packages when explained (the run's pre-alerts included). */
  packages: number;
  /** The queries each route makes itself (the session's come before them), with their plans. */
  list: ExplainedQuery[];
  detail: ExplainedQuery[];
  /** How the page's plan reads packages_user_newest_idx: in order (no sort), as a bitmap (then a sort), or not. */
  newestIndex: string;
}

/** What a query of the routes is for, from its text (Promise.all sends them in no fixed order). */
function queryLabel(text: string): string {
  const table = /from "(\w+)"/.exec(text)?.[1] ?? '?';
  if (table !== 'packages') return table;
  if (text.includes('group by')) return 'counts per state';
  if (text.includes('count(')) return 'total';
  if (text.includes('limit')) return 'page';
  return 'package';
}

/** The list's and the detail's queries for one customer (of their newest package), as queries.ts and detail.ts make them. */
export async function routePlans(storage: Storage, customer: Customer): Promise<RoutePlans> {
  return withInspector(storage, async (inspector) => {
    const explainAll = async () => {
      const out: ExplainedQuery[] = [];
      for (const query of inspector.take())
        out.push({
          label: queryLabel(query.sql),
          sql: shortSql(query.sql),
          plan: await inspector.explain(query),
        });
      return out;
    };
    const page = await listCustomerPackages(inspector.db, customer.id, { q: '', state: null, page: 1 });
    const list = await explainAll();
    const viewer = { kind: 'customer', userId: customer.id } as const;
    const row = await findVisiblePackage(inspector.db, page.packages[0]?.number ?? 0, viewer);
    if (!row) throw new Error(`${customer.email} has no package`);
    await packageDetail(inspector.db, row, viewer);
    const detail = await explainAll();
    const pagePlan = list.find((q) => q.label === 'page')?.plan.join('\n') ?? '';
    return {
      packages: page.total,
      list,
      detail,
      newestIndex: /(Index|Index Only) Scan using packages_user_newest_idx/.test(pagePlan)
        ? 'yes, in order (no sort)'
        : pagePlan.includes('packages_user_newest_idx')
          ? "yes, as a bitmap, then a sort of the customer's rows"
          : 'no',
    };
  });
}

export function planBlock(queries: ExplainedQuery[]): string[] {
  return queries.flatMap((q) => [`-- ${q.label}: ${q.sql}`, ...q.plan, '']).slice(0, -1);
}
