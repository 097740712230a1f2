// A refused bulk move reaches the screens as a RefusedError with its list, whether the server sends the list in
// `details.refused` (the error contract) or beside the message (before the server moved it).
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/support/fetch-answer.ts';
import { failure, RequestError } from '../app/request.ts';
import { changeStates, importStates, RefusedError } from './operations-api.ts';

const refused = [{ number: 100001, reason: 'El paquete ya fue entregado.' }];
const body = {
  numbers: [100001],
  state: 'entregado',
  note: '',
  carrier: '',
  carrierGuide: '',
  receivedBy: '',
};

describe('a refused bulk move', () => {
  it('keeps its list when it is in details.refused', async () => {
    answer(409, { error: { code: 'refused', message: '1 paquete no cambió.', details: { refused } } });
    const error = await changeStates({ ...body, correction: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefusedError);
    expect(error).toMatchObject({ status: 409, code: 'refused', message: '1 paquete no cambió.', refused });
  });

  it('keeps its list when it sits beside the message', async () => {
    answer(409, { error: { code: 'refused', message: '1 paquete no cambió.', refused } });
    const error = await changeStates({ ...body, correction: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefusedError);
    expect((error as RefusedError).refused).toEqual(refused);
  });

  it('is a plain RequestError, with its field, when nothing was listed', async () => {
    answer(400, { error: { code: 'invalid', message: 'Escribe una nota.', field: 'note' } });
    const error = await changeStates({ ...body, correction: false }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(RefusedError);
    expect(error).toMatchObject({ status: 400, field: 'note' });
  });
});

describe('the import of states', () => {
  it('POSTs the file as CSV, whatever type the browser guessed', async () => {
    const fetch = answer(200, { applied: [], refused: [], message: 'Listo.' });
    await importStates(new Blob(['guia,estado\n'], { type: 'application/vnd.ms-excel' }));
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'content-type': 'text/csv' });
  });
});

describe('failure', () => {
  it('words an answer without a body by its status', () => {
    expect(failure(502, null)).toMatchObject({ status: 502, code: 'unknown' });
    expect(failure(400, null)).toBeInstanceOf(RequestError);
  });
});
