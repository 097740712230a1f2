import { describe, expect, it } from 'vitest';
import { registrationCheck, WHATSAPP_NEEDS_PHONE } from './registration-check.ts';

describe('registration check: the WhatsApp box', () => {
  const form = { aceptoPolitica: true, password: 'Clave#Segura2026', confirmPassword: 'Clave#Segura2026' };

  it('asks for a phone beside the box when it is ticked without one', () => {
    expect(registrationCheck({ ...form, avisosWhatsapp: true, telefono: '  ' })).toEqual({
      field: 'avisosWhatsapp',
      message: WHATSAPP_NEEDS_PHONE,
    });
  });

  it('lets the form go with a phone, or with the box unticked', () => {
    expect(registrationCheck({ ...form, avisosWhatsapp: true, telefono: '+573001234567' })).toBeNull();
    expect(registrationCheck({ ...form, avisosWhatsapp: false, telefono: '' })).toBeNull();
  });

  it('still says the policy consent first', () => {
    const problem = registrationCheck({ ...form, aceptoPolitica: false, avisosWhatsapp: true, telefono: '' });
    expect(problem?.field).toBe('aceptoPolitica');
  });
});
