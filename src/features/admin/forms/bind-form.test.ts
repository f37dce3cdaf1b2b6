import { describe, expect, it } from 'vitest';
import { contractModules } from '@/lib/contract';
import { bindForm, describedBy } from './bind-form';

const { adminShipping, adminOrders } = contractModules;

describe('bindForm', () => {
  it('fills the path parameters, under /api as the API client takes it, with the route method', () => {
    const form = bindForm(adminShipping.updateCurrency, { id: 7 });
    expect(form.api).toBe('/admin/currencies/7');
    expect(form.method).toBe('PUT');
    expect(bindForm(adminShipping.createZone).api).toBe('/admin/shipping/zones');
  });

  it('encodes parameter values', () => {
    const route = { ...adminShipping.updateCurrency, path: '/api/admin/x/:code' as const };
    expect(bindForm(route, { code: 'a b/c' }).api).toBe('/admin/x/a%20b%2Fc');
  });

  it('names fields of the route body; a wrong name does not compile', () => {
    const form = bindForm(adminShipping.updateCurrency, { id: 1 });
    expect(form.name('symbol')).toBe('symbol');
    expect(form.name('rate')).toBe('rate');
    // @ts-expect-error the currency body has no field "sybmol"
    expect(form.name('sybmol')).toBe('sybmol');
    const zone = bindForm(adminShipping.createZone);
    expect(zone.name('cost_cents')).toBe('cost_cents');
    // @ts-expect-error the zone body spells it cost_cents
    zone.name('costCents');
  });

  it('gives a list row its data-row, with the row element type checked', () => {
    const form = bindForm(adminOrders.refund, { orderNr: 'A-1' });
    expect(form.api).toBe('/admin/orders/A-1/refund');
    expect(form.name('lines')).toBe('lines');
  });

  it('refuses a missing path parameter at run time and at compile time', () => {
    // @ts-expect-error updateCurrency needs { id }
    expect(() => bindForm(adminShipping.updateCurrency)).toThrow('needs the parameter id');
  });

  it('wires aria-describedby to the hint only when there is one', () => {
    expect(describedBy('x')).toBe('x-error');
    expect(describedBy('x', 'A hint')).toBe('x-hint x-error');
  });
});
