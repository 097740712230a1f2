import { describe, expect, it } from 'vitest';
import {
  buildAdminWhatsAppLink,
  buildCourierWhatsAppLink,
  buildDirectionsLink,
  buildInvitationLink,
  buildMailtoNotifyLink,
  buildPackageHelpWhatsAppLink,
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

describe("the pre-alert's guide, store and value in the notice", () => {
  const spec = { lockerNumber: '1334', address: 'Calle 5 #2-3, Cali', instructions: 'Timbre' };

  it('adds one line for each one given, after the design/product.md lines, which stay as they were', () => {
    const text = packageNoticeText({
      ...spec,
      guide: ' 1Z999AA10123456784 ',
      store: 'Amazon',
      value: '49.99',
    });
    expect(text).toBe(
      [
        packageNoticeText(spec),
        'Número de guía: 1Z999AA10123456784',
        'Tienda: Amazon',
        'Valor declarado: US$ 49.99',
      ].join('\n'),
    );
  });

  it('leaves out the blank ones, so a notice without them reads exactly as design/product.md wrote it', () => {
    const text = packageNoticeText({ ...spec, guide: '  ', store: '', value: undefined });
    expect(text).toBe(
      'Hola, quiero notificar un paquete en camino.\nCasillero: 1334\nDirección de entrega: Calle 5 #2-3, Cali\nInstrucciones adicionales: Timbre',
    );
    expect(packageNoticeText({ ...spec, store: 'eBay' })).toBe(`${packageNoticeText(spec)}\nTienda: eBay`);
  });

  it('travels in the WhatsApp and the mailto links, intact for any text', () => {
    const notice = { ...spec, guide: 'TBA123456789012', store: HOSTILE, value: '1.500,50' };
    const whatsapp = new URL(buildWhatsAppNotifyLink('13055550114', notice)).searchParams.get('text') ?? '';
    expect(whatsapp).toContain('Número de guía: TBA123456789012');
    expect(whatsapp).toContain(`Tienda: ${HOSTILE}`);
    expect(whatsapp).toContain('Valor declarado: US$ 1.500,50');
    const mailto = buildMailtoNotifyLink('s@example.com', notice);
    const body = decodeURIComponent(/body=([^&]*)/.exec(mailto)?.[1] ?? '');
    expect(body).toBe(packageNoticeText(notice).replace(/\n/g, '\r\n'));
    expect(mailto.split('&')).toHaveLength(2);
    expect(mailto).not.toMatch(/[\s#+]/);
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

describe("the courier's WhatsApp message", () => {
  it("opens the customer's phone digits with a short text naming the package", () => {
    const url = new URL(buildCourierWhatsAppLink('+57 300 123 4567', 'Ana Pérez', 100001) ?? '');
    expect(url.pathname).toBe('/573001234567');
    expect(url.searchParams.get('text')).toBe(
      'Hola Ana Pérez, soy el mensajero: hoy te entrego el paquete 100001.',
    );
    expect(buildCourierWhatsAppLink('', 'Ana', 1)).toBeNull();
  });
});

describe('the invitation', () => {
  it('links to /invite with the referral code', () => {
    const link = buildInvitationLink('https://casillero.example/', 'AB12CD');
    expect(link).toBe('https://casillero.example/invite?ref=AB12CD');
    expect(invitationMessage('CasilleroYa', link)).toContain(link);
  });
});

describe("support's WhatsApp about one package", () => {
  it('writes to support with the package number in the text', () => {
    const link = new URL(buildPackageHelpWhatsAppLink('+1 (305) 555-0177', 100042));
    expect(link.origin + link.pathname).toBe('https://wa.me/13055550177');
    expect(link.searchParams.get('text')).toBe('Hola, necesito ayuda con mi paquete 100042.');
  });
});

describe("the courier's 'Cómo llegar'", () => {
  it('asks Google Maps for directions to the address as written, its # and accents encoded', () => {
    const url = new URL(buildDirectionsLink('Carrera 7 # 72-41 apto 502, Medellín, 050021'));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('destination')).toBe('Carrera 7 # 72-41 apto 502, Medellín, 050021');
    expect(url.hash).toBe('');
  });
});
