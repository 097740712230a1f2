// The WhatsApp templates of design/notices.md: utility templates in Spanish ('es'), each with its body and the meaning
// of its {{n}} parameters in order. docs/WHATSAPP.md lists the same catalogue for approval; the stand-in of the Cloud
// API checks requests against it.

export type TemplateName =
  | 'paquete_recibido'
  | 'paquete_retenido'
  | 'paquete_en_transito'
  | 'paquete_en_reparto'
  | 'paquete_entregado'
  | 'paquete_devuelto'
  | 'intento_entrega'
  | 'solicitud_completada'
  | 'solicitud_rechazada'
  | 'fotos_listas';

export interface Template {
  name: TemplateName;
  category: 'UTILITY';
  language: 'es';
  body: string;
  /** What each {{n}} is, in order. */
  parameters: string[];
  example: string[];
}

export const TEMPLATE_LANGUAGE = 'es';

export const TEMPLATES: Record<TemplateName, Template> = {
  paquete_recibido: {
    name: 'paquete_recibido',
    category: 'UTILITY',
    language: 'es',
    body: 'Hola {{1}}, recibimos en Miami tu paquete {{2}} ({{3}} lb). Valor a pagar: {{4}}. Puedes verlo en {{5}} cuando quieras.',
    parameters: [
      'Nombre',
      'Número de paquete',
      'Peso en libras',
      'Valor a pagar en pesos',
      'Enlace al paquete',
    ],
    example: ['Ana', '100001', '2.5', '$ 85.000', 'https://casilleroya.co/paquetes/100001'],
  },
  paquete_retenido: {
    name: 'paquete_retenido',
    category: 'UTILITY',
    language: 'es',
    body: 'Hola {{1}}, tu paquete {{2}} está retenido: {{3}}. En {{4}} te decimos qué hacer para liberarlo.',
    parameters: ['Nombre', 'Número de paquete', 'Motivo', 'Enlace al paquete'],
    example: ['Ana', '100001', 'falta la factura', 'https://casilleroya.co/paquetes/100001'],
  },
  paquete_en_transito: {
    name: 'paquete_en_transito',
    category: 'UTILITY',
    language: 'es',
    body: 'Hola {{1}}, tu paquete {{2}} va en camino a Colombia. Puedes seguirlo en {{3}} cuando quieras.',
    parameters: ['Nombre', 'Número de paquete', 'Enlace al paquete'],
    example: ['Ana', '100001', 'https://casilleroya.co/paquetes/100001'],
  },
  paquete_en_reparto: {
    name: 'paquete_en_reparto',
    category: 'UTILITY',
    language: 'es',
    body: 'Hola {{1}}, tu paquete {{2}} salió a reparto. Valor a pagar: {{3}}. Lo lleva: {{4}}.',
    parameters: ['Nombre', 'Número de paquete', 'Valor a pagar en pesos', 'Mensajero o transportadora'],
    example: ['Ana', '100001', '$ 85.000', 'nuestro mensajero'],
  },
  paquete_entregado: {
    name: 'paquete_entregado',
    category: 'UTILITY',
    language: 'es',
    body: 'Hola {{1}}, entregamos tu paquete {{2}}. Los detalles de la entrega están en {{3}}. ¡Gracias por elegirnos!',
    parameters: ['Nombre', 'Número de paquete', 'Enlace al paquete'],
    example: ['Ana', '100001', 'https://casilleroya.co/paquetes/100001'],
  },
  paquete_devuelto: {
    name: 'paquete_devuelto',
    category: 'UTILITY',
    language: 'es',
    body: 'Hola {{1}}, tu paquete {{2}} fue devuelto: {{3}}. Los detalles están en {{4}}; si tienes dudas, responde a este mensaje.',
    parameters: ['Nombre', 'Número de paquete', 'Motivo', 'Enlace al paquete'],
    example: ['Ana', '100001', 'la tienda lo pidió', 'https://casilleroya.co/paquetes/100001'],
  },
  intento_entrega: {
    name: 'intento_entrega',
    category: 'UTILITY',
    language: 'es',
    body: 'Hola {{1}}, hoy no pudimos entregar tu paquete {{2}}: {{3}}. Volveremos a intentarlo; si necesitas algo, responde a este mensaje.',
    parameters: ['Nombre', 'Número de paquete', 'Motivo'],
    example: ['Ana', '100001', 'No había nadie'],
  },
  solicitud_completada: {
    name: 'solicitud_completada',
    category: 'UTILITY',
    language: 'es',
    body: 'Hola {{1}}, completamos tu solicitud {{2}}: {{3}}. Cargo: {{4}}. Los detalles están en {{5}}.',
    parameters: ['Nombre', 'Número de solicitud', 'Solicitud y paquetes', 'Cargo', 'Enlace al paquete'],
    example: [
      'Ana',
      '12',
      'Consolidar (paquetes 100001, 100002); tu nuevo paquete es el 100003',
      'US$ 5,00 ($ 20.000)',
      'https://casilleroya.co/paquetes/100003',
    ],
  },
  solicitud_rechazada: {
    name: 'solicitud_rechazada',
    category: 'UTILITY',
    language: 'es',
    body: 'Hola {{1}}, no pudimos hacer tu solicitud {{2}} ({{3}}): {{4}}. No se te cobra; los detalles están en {{5}}.',
    parameters: ['Nombre', 'Número de solicitud', 'Solicitud y paquetes', 'Motivo', 'Enlace al paquete'],
    example: [
      'Ana',
      '12',
      'Fotos adicionales (paquete 100001)',
      'Contiene baterías de litio: no se puede abrir',
      'https://casilleroya.co/paquetes/100001',
    ],
  },
  fotos_listas: {
    name: 'fotos_listas',
    category: 'UTILITY',
    language: 'es',
    body: 'Hola {{1}}, ya están las fotos adicionales de tu solicitud {{2}} ({{3}}). Cargo: {{4}}. Míralas en {{5}} cuando quieras.',
    parameters: ['Nombre', 'Número de solicitud', 'Paquetes', 'Cargo', 'Enlace al paquete'],
    example: ['Ana', '12', 'paquete 100001', 'US$ 2,00 ($ 8.000)', 'https://casilleroya.co/paquetes/100001'],
  },
};

export const TEMPLATE_NAMES = Object.values(TEMPLATES).map((template) => template.name);

/** A notice's states, in the order WhatsApp reports them (a later report never takes a notice back). */
export const NOTICE_STATES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

export const NOTICE_STATE_LABELS: Record<NoticeState, string> = {
  queued: 'en cola',
  sent: 'enviado',
  delivered: 'entregado',
  read: 'leído',
  failed: 'falló',
};

/** Where a consent choice was made: the registration box, 'Mis datos', or a 'BAJA'/'ALTA' message. */
/** Where a choice was made; 'cambio_telefono' is the withdrawal a new phone number makes (given again, or not). */
export type ConsentSource = 'registro' | 'mis_datos' | 'mensaje' | 'cambio_telefono';

/** The version of the WhatsApp notices policy a choice was made under. */
export const WHATSAPP_POLICY_VERSION = '2026-11-23';

/** The registration box's label (design/notices.md 'Consent first'). */
export const consentLabel = (phone: string) =>
  `Quiero recibir avisos de mis paquetes por WhatsApp al ${phone}`;

/** WhatsApp refuses body parameters with new lines, tabs or more than four spaces in a row. */
export function templateParameter(value: string): string {
  const flat = value
    .replace(/[\n\r\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim();
  return (flat || '-').slice(0, 500);
}

/** Messages that opt out or back in (case and accents ignored). */
export function inboundAction(text: string): 'baja' | 'alta' | 'soporte' {
  const word = text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toUpperCase();
  if (word === 'BAJA' || word === 'STOP') return 'baja';
  if (word === 'ALTA') return 'alta';
  return 'soporte';
}
