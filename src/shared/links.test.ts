import { describe, expect, it } from 'vitest';
import {
  buildAdminWhatsAppLink,
  buildInvitationLink,
  buildMailtoNotifyLink,
  buildWhatsAppNotifyLink,
  invitationMessage,
  packageNoticeText,
} from './links.ts';

const HOSTILE = 'Añejo ñandú & #1 ¿qué? 100% + más 📦\nsegunda línea = fin';

describe('the WhatsApp notice to support', () => {
  it('carries the locker, the address and the instructions, intact for any text', () => {
    const link = buildWhatsAppNotifyLink('+1 (305) 555-0114', {
      lockerNumber: '1334',
      address: 'Calle 5 #2-3, Cali',
      instructions: HOSTILE,
    });
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/13055550114');
    expect([...url.searchParams.keys()]).toEqual(['text']);
    const text = url.searchParams.get('text');
    expect(text).toBe(
      packageNoticeText({ lockerNumber: '1334', address: 'Calle 5 #2-3, Cali', instructions: HOSTILE }),
    );
    expect(text).toContain('Casillero: 1334');
    expect(text).toContain('Dirección de entrega: Calle 5 #2-3, Cali');
    expect(text).toContain(HOSTILE);
    expect(link).not.toMatch(/[\s#+]/);
  });

  it("says 'N/A' when there are no instructions", () => {
    const text = new URL(
      buildWhatsAppNotifyLink('1', { lockerNumber: '7', address: 'A', instructions: '  ' }),
    ).searchParams.get('text');
    expect(text).toContain('Instrucciones adicionales: N/A');
  });
});

describe('the mailto notice to support', () => {
  const decode = (link: string) => {
    const [target = '', query = ''] = link.split('?');
    const params = Object.fromEntries(
      query.split('&').map((pair) => pair.split('=').map(decodeURIComponent)),
    );
    return { target, params };
  };

  it('has the shipment subject with the locker, and a body with locker, address and instructions', () => {
    const { target, params } = decode(
      buildMailtoNotifyLink('soporte@example.com', {
        lockerNumber: '1334',
        address: 'Calle 1 & 2, Cali',
        instructions: HOSTILE,
      }),
    );
    expect(target).toBe('mailto:soporte@example.com');
    expect(params.subject).toBe('Notificación de envío - Casillero 1334');
    expect(params.body).toBe(
      `Hola, quiero notificar un paquete en camino.\r\nCasillero: 1334\r\nDirección de entrega: Calle 1 & 2, Cali\r\nInstrucciones adicionales: ${HOSTILE.replace('\n', '\r\n')}`,
    );
  });

  it("writes 'N/A' for empty instructions", () => {
    const { params } = decode(
      buildMailtoNotifyLink('s@example.com', { lockerNumber: '1', address: 'A', instructions: '' }),
    );
    expect(params.body).toMatch(/Instrucciones adicionales: N\/A$/);
  });

  it('never lets a typed character break the link', () => {
    const link = buildMailtoNotifyLink('s@example.com', {
      lockerNumber: '1',
      address: 'a',
      instructions: HOSTILE,
    });
    expect(link.split('?')).toHaveLength(2);
    expect(link.split('&')).toHaveLength(2);
    expect(link).not.toMatch(/[\s#+]/);
  });

  it('survives a lone surrogate pasted into the instructions', () => {
    expect(() =>
      buildMailtoNotifyLink('s@example.com', { lockerNumber: '1', address: 'a', instructions: 'x\uD83D' }),
    ).not.toThrow();
  });
});

describe('the admin WhatsApp message', () => {
  it("opens the customer's phone digits with a text saying the parcel was sent", () => {
    const url = new URL(buildAdminWhatsAppLink('+57 300 123 4567', 'Ana Pérez', '1334') ?? '');
    expect(url.pathname).toBe('/573001234567');
    expect(url.searchParams.get('text')).toMatch(/Ana Pérez.*1334.*enviado/);
  });

  it('is null without a phone', () => {
    expect(buildAdminWhatsAppLink('', 'Ana', '1')).toBeNull();
    expect(buildAdminWhatsAppLink(null, 'Ana', '1')).toBeNull();
  });
});

describe('the invitation', () => {
  it('links to /invite with the referral code', () => {
    const link = buildInvitationLink('https://casillero.example/', 'AB12CD');
    expect(link).toBe('https://casillero.example/invite?ref=AB12CD');
    expect(invitationMessage('CasilleroYa', link)).toContain(link);
  });
});
