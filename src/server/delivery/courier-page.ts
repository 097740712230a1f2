// '/reparto' drawn on the server (issue 19, design/delivery.md 'Budgets': a 200-stop route opens in under 2 s with 4×
// CPU and 'Fast 3G'; src/server/first-paint.ts draws it): the courier's own route of today, the one GET
// /api/delivery/my-route answers.
import { isoDayInColombia } from '../../shared/dates.ts';
import type { MyRouteAnswer } from '../../shared/delivery/api-types.ts';
import { firstPaintApi } from '../../shared/first-paint.ts';
import { paths } from '../../shared/paths.ts';
import type { DrawnScreen } from '../first-paint.ts';
import { courierRoute } from './route-queries.ts';

export const courierScreen: DrawnScreen = {
  pattern: paths.courierRoute,
  async answer({ db, config }, caller) {
    if (caller.record.role !== 'reparto') return null;
    // As GET /api/delivery/my-route: in production a courier's rights count once their e-mail is proven.
    if (config.production && !caller.emailVerified) return null;
    const answer: MyRouteAnswer = {
      route: await courierRoute(db, caller.record.id, isoDayInColombia(new Date())),
      courierId: caller.record.id,
    };
    return { api: firstPaintApi.courierRoute, answer };
  },
};
