// The Spanish mails: each in HTML and plain text, with every value from a person escaped.
import type { Mail } from './outbox.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A paragraph said alike in both parts, or worded for each: the HTML part shows a button, the plain-text part only
 * the link, so its words must not point at a button it does not have.
 */
export type Paragraph = string | { html: string; text: string };

const htmlOf = (paragraph: Paragraph) => (typeof paragraph === 'string' ? paragraph : paragraph.html);
const textOf = (paragraph: Paragraph) => (typeof paragraph === 'string' ? paragraph : paragraph.text);

/** 'Confirma … con el botón de abajo.' in HTML, 'Confirma … con el enlace de abajo.' in plain text. */
const byAction = (before: string, after: string): Paragraph => ({
  html: `${before} con el botón de abajo.${after}`,
  text: `${before} con el enlace de abajo.${after}`,
});

export function layout(
  brand: string,
  heading: string,
  paragraphs: Paragraph[],
  action: { label: string; url: string },
) {
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:16px">
<h1 style="color:#0b5cab;font-size:22px">${escapeHtml(brand)}</h1>
<h2 style="font-size:18px">${escapeHtml(heading)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(htmlOf(p))}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0b5cab;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(action.url)}</p>
</body></html>`;
  const text = [brand, '', heading, '', ...paragraphs.map(textOf), '', `${action.label}: ${action.url}`].join(
    '\n',
  );
  return { html, text };
}

/** A mail of `brand` to `to`: its subject after the brand, and the layout with its one action. */
function mail(
  brand: string,
  to: string,
  subject: string,
  heading: string,
  paragraphs: Paragraph[],
  action: { label: string; url: string },
): Mail {
  return { to, subject: `${brand}: ${subject}`, ...layout(brand, heading, paragraphs, action) };
}

export function verificationMail(brand: string, to: string, name: string, url: string): Mail {
  return mail(
    brand,
    to,
    'verifica tu correo electrónico',
    'Verifica tu correo electrónico',
    [
      `Hola ${name}, gracias por crear tu casillero en ${brand}.`,
      byAction('Confirma que este correo es tuyo', ' El enlace sirve una sola vez y vence en 24 horas.'),
      'Si no creaste esta cuenta, ignora este mensaje.',
    ],
    { label: 'Verificar mi correo', url },
  );
}

export function resetPasswordMail(brand: string, to: string, name: string, url: string): Mail {
  return mail(
    brand,
    to,
    'restablece tu contraseña',
    'Restablece tu contraseña',
    [
      `Hola ${name}, recibimos una solicitud para cambiar la contraseña de tu casillero.`,
      byAction('Elige una nueva', ' El enlace sirve una sola vez y vence en 1 hora.'),
      'Si no lo pediste, ignora este mensaje: tu contraseña sigue igual.',
    ],
    { label: 'Elegir nueva contraseña', url },
  );
}

export function emailChangeMail(brand: string, to: string, name: string, url: string): Mail {
  return mail(
    brand,
    to,
    'confirma tu nuevo correo electrónico',
    'Confirma tu nuevo correo electrónico',
    [
      `Hola ${name}, pediste usar este correo en tu casillero de ${brand}.`,
      byAction(
        'Confírmalo',
        ' El enlace sirve una sola vez y vence en 24 horas. Hasta que lo abras, sigues entrando con tu correo anterior.',
      ),
      'Si no lo pediste, ignora este mensaje: nada cambiará.',
    ],
    { label: 'Confirmar mi nuevo correo', url },
  );
}

/** Told to the old address once the change is done, so a person whose account was taken over finds out. */
export function emailChangedNoticeMail(
  brand: string,
  to: string,
  name: string,
  newEmail: string,
  supportUrl: string,
): Mail {
  return mail(
    brand,
    to,
    'el correo de tu casillero cambió',
    'El correo de tu casillero cambió',
    [
      `Hola ${name}, el correo para iniciar sesión en tu casillero ahora es ${newEmail}.`,
      'Si fuiste tú, no tienes que hacer nada.',
      'Si no lo pediste, escríbenos de inmediato: alguien pudo entrar a tu cuenta.',
    ],
    { label: 'Escribir a soporte', url: supportUrl },
  );
}
