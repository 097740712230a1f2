// An administrator's 'Recalcular cobro' on a package: its charge computed again with the rates of the day it was
// received (the server audits it).
import { api } from './request.ts';

export const recomputeCharge = (number: number) =>
  api.post<{ message: string }>(`/api/admin/packages/${number}/charge`);
