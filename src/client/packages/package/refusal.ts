// A change refused because the package is no longer the customer's to change (the warehouse received it, it was
// cancelled elsewhere, or it is gone): the page reloads it and says why, since the control that asked may vanish.
import { RequestError } from '../../app/request.ts';

export function isGone(error: unknown): boolean {
  return error instanceof RequestError && (error.code === 'not_editable' || error.status === 404);
}
