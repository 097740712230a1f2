// The package states as the <option>s of a select, in the order of the state machine, with their Spanish labels.
import { PACKAGE_STATES, STATE_LABELS } from '../../shared/packages/states.ts';

export function StateOptions() {
  return PACKAGE_STATES.map((code) => (
    <option key={code} value={code}>
      {STATE_LABELS[code]}
    </option>
  ));
}
