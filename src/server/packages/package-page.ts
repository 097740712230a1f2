// A package's page `/paquetes/:number` drawn on the server for its owner (issue 37: Lighthouse mobile ≥ 95; drawn in
// the browser it waited for the entry, the page's chunk and the package: first paint 1.8–2.3 s in Lighthouse's
// simulation). src/server/first-paint.ts draws it with the package that GET /api/packages/:number gives its owner.
// Staff open a customer's package from their own screens: they get the plain page.

import { firstPaintApi } from '../../shared/first-paint.ts';
import type { PackageDetail } from '../../shared/packages/api-types.ts';
import { packageDetailPattern } from '../../shared/paths.ts';
import type { DrawnScreen } from '../first-paint.ts';
import { packageDetail } from './detail.ts';
import { wholeNumber } from './list-query.ts';
import { findVisiblePackage } from './queries.ts';

export const packageScreen: DrawnScreen = {
  pattern: packageDetailPattern,
  async answer({ db }, caller, params) {
    const number = wholeNumber(params.number ?? '');
    if (caller.record.role !== 'customer' || number === null) return null;
    const viewer = { kind: 'customer', userId: caller.record.id } as const;
    const row = await findVisiblePackage(db, number, viewer);
    // Not theirs, or no such package: the browser's page says so, as it does for a number typed by hand.
    if (!row) return null;
    const answer: PackageDetail = await packageDetail(db, row, viewer);
    return { api: firstPaintApi.packageDetail(row.number), answer };
  },
};
