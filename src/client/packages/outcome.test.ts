import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { RequestError } from '../app/request.ts';
import { RefusedError } from './operations-api.ts';
import { failureOf } from './outcome.tsx';

describe("a failed change's outcome", () => {
  const refused = [{ number: 100001, reason: 'El paquete 100001 ya está en la ruta 2 (Envigado, Mario).' }];

  it("lists the refused packages of a 409's details, from any API module", () => {
    const error = new RequestError(409, 'refused', 'No se cambió nada.', undefined, { refused });
    expect(failureOf(error)).toEqual({ ok: false, text: 'No se cambió nada.', refused });
    expect(failureOf(new RefusedError(409, 'refused', 'No se cambió nada.', refused))).toEqual({
      ok: false,
      text: 'No se cambió nada.',
      refused,
    });
  });

  it('keeps any other failure as its message alone', () => {
    expect(failureOf(new RequestError(400, 'invalid', 'Elige el mensajero.'))).toEqual({
      ok: false,
      text: 'Elige el mensajero.',
      refused: [],
    });
    expect(failureOf('nada')).toEqual({ ok: false, text: messages.serverError, refused: [] });
  });
});
