// The mails' two parts: the HTML keeps its button, the plain text names only the link.
import { describe, expect, it } from 'vitest';
import {
  emailChangedNoticeMail,
  emailChangeMail,
  layout,
  resetPasswordMail,
  verificationMail,
} from './templates.ts';

const URL = 'https://casillero.example/enlace?token=abc';

describe('mail templates: the plain-text part has no button to point at', () => {
  const mails = [
    ['verification', verificationMail('Marca', 'a@example.com', 'Ana', URL), 'Verificar mi correo'],
    ['password reset', resetPasswordMail('Marca', 'a@example.com', 'Ana', URL), 'Elegir nueva contraseña'],
    ['e-mail change', emailChangeMail('Marca', 'a@example.com', 'Ana', URL), 'Confirmar mi nuevo correo'],
    [
      'e-mail changed',
      emailChangedNoticeMail('Marca', 'a@example.com', 'Ana', 'b@example.com', URL),
      'Escribir a soporte',
    ],
  ] as const;

  it.each(mails)('%s: the text names the link, never a button', (_name, mail, label) => {
    expect(mail.text).not.toMatch(/bot[oó]n/i);
    expect(mail.text).toContain(`${label}: ${URL}`);
  });

  it.each(mails)('%s: the HTML keeps its button', (_name, mail, label) => {
    expect(mail.html).toMatch(new RegExp(`<a href="[^"]+"[^>]*>${label}</a>`));
  });

  it('words a paragraph for each part where the two differ', () => {
    const mail = verificationMail('Marca', 'a@example.com', 'Ana', URL);
    expect(mail.html).toContain('Confirma que este correo es tuyo con el botón de abajo.');
    expect(mail.text).toContain('Confirma que este correo es tuyo con el enlace de abajo.');
    const both = layout('Marca', 'Título', ['Igual', { html: 'En HTML', text: 'En texto' }], {
      label: 'Abrir',
      url: URL,
    });
    expect(both.html).toContain('<p>Igual</p>\n<p>En HTML</p>');
    expect(both.text).toBe(`Marca\n\nTítulo\n\nIgual\nEn texto\n\nAbrir: ${URL}`);
  });
});
