// Paying online (design/payments.md 'Online payment through Wompi'): what 'Pagar en línea' and 'Pagar seleccionados'
// send, and the screens' and refusals' Spanish words.
import { z } from 'zod';

/** Wompi's smallest payment in pesos (its checkout refuses less). */
export const MIN_ONLINE_COP = 1_500;
export const MAX_PACKAGES_PER_PAYMENT = 50;

export const paymentMessages = {
  pick: 'Elige al menos un paquete para pagar.',
  tooMany: `Puedes pagar hasta ${MAX_PACKAGES_PER_PAYMENT} paquetes a la vez.`,
  off: 'El pago en línea no está disponible en este momento. Puedes pagar al recibir tu paquete.',
  notFound: (number: number) => `No encontramos el paquete ${number}.`,
  alreadyPaid: (number: number) => `El paquete ${number} ya está pagado: no tienes que pagarlo otra vez.`,
  noCharge: (number: number) => `El paquete ${number} todavía no tiene valor a pagar.`,
  billingData: (problem: string) =>
    `Antes de pagar en línea completa tus «Datos de facturación» en «Mis datos»: ${problem}`,
  notPayable: (number: number, state: string) =>
    `El paquete ${number} está ${state}: ya no se puede pagar en línea.`,
  tooSmall: 'El pago en línea admite desde $ 1.500.',
  paymentNotFound: 'No encontramos ese pago.',
  providerDown: 'No pudimos consultar tu pago con Wompi. Lo intentaremos de nuevo en unos minutos.',
  refundReason: 'Escribe el motivo del reembolso.',
  refundReference:
    'Escribe la referencia del reembolso (la transferencia o el comprobante con que devolviste el dinero).',
  notRefundable: 'Solo se reembolsa un pago aprobado.',
  voidRefused: 'Wompi no anuló la transacción: reembolsa desde su panel y registra aquí la referencia.',
  refunded: (reference: string) => `Pago ${reference} reembolsado.`,
};

export const refundSchema = z.object({
  motivo: z
    .string({ error: paymentMessages.refundReason })
    .trim()
    .min(3, paymentMessages.refundReason)
    .max(300),
  referencia: z.string().trim().max(60).default(''),
});

export const startPaymentSchema = z.object({
  packages: z
    .array(z.number({ error: paymentMessages.pick }).int().positive(), { error: paymentMessages.pick })
    .min(1, paymentMessages.pick)
    .max(MAX_PACKAGES_PER_PAYMENT, paymentMessages.tooMany)
    .transform((numbers) => [...new Set(numbers)].sort((a, b) => a - b)),
});
export type StartPayment = z.output<typeof startPaymentSchema>;
