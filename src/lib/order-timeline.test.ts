import { describe, expect, it } from 'vitest';
import { customerTimeline, safeTrackingUrl, type TimelineEventRow } from './order-timeline';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute));
const row = (id: number, type: string, minute: number, over: Partial<TimelineEventRow> = {}): TimelineEventRow => ({
  id,
  type,
  internal: false,
  after: null,
  createdAt: at(minute),
  ...over,
});

describe('customerTimeline', () => {
  it('drops internal rows and orders the rest oldest first', () => {
    const entries = customerTimeline([
      row(3, 'shipped', 30),
      row(1, 'placed', 0),
      row(2, 'note', 10, { internal: true }),
      row(4, 'marked_paid', 20),
    ]);
    expect(entries.map((e) => [e.id, e.kind, e.labelKey])).toEqual([
      [1, 'placed', 'orderDetail.event.placed'],
      [4, 'paid', 'orderDetail.event.paid'],
      [3, 'shipped', 'orderDetail.event.shipped'],
    ]);
    expect(entries[0]!.at).toBe('2026-03-01T12:00:00.000Z');
  });

  it('gives a shipment its carrier, tracking number and link', () => {
    const [entry] = customerTimeline([
      row(1, 'shipped', 0, {
        after: {
          status: 'Shipped',
          carrier: 'DHL',
          tracking_number: 'JJD0001234',
          tracking_url: 'https://www.dhl.de/track?id=JJD0001234',
        },
      }),
    ]);
    expect(entry).toEqual({
      id: 1,
      kind: 'shipped',
      labelKey: 'orderDetail.event.shipped',
      at: '2026-03-01T12:00:00.000Z',
      carrier: 'DHL',
      trackingNumber: 'JJD0001234',
      trackingUrl: 'https://www.dhl.de/track?id=JJD0001234',
    });
  });

  it('never links a tracking address that is not http(s)', () => {
    const [entry] = customerTimeline([
      row(1, 'shipped', 0, { after: { carrier: 'X', tracking_number: '1', tracking_url: 'javascript:alert(1)' } }),
    ]);
    expect(entry!.trackingUrl).toBeUndefined();
    expect(safeTrackingUrl('data:text/html,hi')).toBeUndefined();
    expect(safeTrackingUrl('not a url')).toBeUndefined();
    expect(safeTrackingUrl(' http://track.example/1 ')).toBe('http://track.example/1');
  });

  it('gives a refund the amount of its refund row, and none when the row is unknown', () => {
    const entries = customerTimeline(
      [
        row(1, 'refunded', 0, { after: { refund_id: 7, refunded_cents: 1000 } }),
        row(2, 'refunded', 1, { after: { refund_id: 8 } }),
      ],
      new Map([[7, 1085]]),
    );
    expect(entries[0]!.refundCents).toBe(1085);
    expect(entries[1]!.refundCents).toBeUndefined();
  });

  it('names failed, expired, cancelled and unknown events', () => {
    const kinds = customerTimeline([
      row(1, 'payment_failed', 0),
      row(2, 'expired', 1),
      row(3, 'cancelled', 2),
      row(4, 'something_new', 3),
    ]).map((e) => e.labelKey);
    expect(kinds).toEqual([
      'orderDetail.event.paymentFailed',
      'orderDetail.event.expired',
      'orderDetail.event.cancelled',
      'orderDetail.event.other',
    ]);
  });
});
