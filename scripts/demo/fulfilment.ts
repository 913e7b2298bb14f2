import { ORDER_STATE as S } from '@domain/reference';
import { downstreamExports, failedOrders, orderShipments } from '@server/db/schema';
import type { GenContext } from './context';
import { phoenixOrderNumber } from './ids';
import type { LineRow } from './order-pricing';
import type { Rng } from './rng';
import { DAY, HOUR, MINUTE } from './time';

// After capture: the downstream (Phoenix) export with its 9-digit order number or its failure,
// DHL holds, printing and shipments with carriers and tracking numbers.

/** How a failed export's order is wrong (the export's own rules, src/domain/downstream/downstream.ts). */
export type ExportFault = 'ADDRESS_INVALID' | 'ADDRESS_INCOMPLETE' | 'ACCOUNT_NOT_FOUND';

export interface ExportFailure {
  fault: ExportFault;
  attempts: number;
  /** When the failure was recorded; null for the few failure documents written without a date. */
  failedAt: Date | null;
  capturedAt: Date;
}

export interface Fulfilled {
  phoenixOrderId: number | null;
  /** Set when the export failed: orders.ts makes the order wrong in that way and records the failure. */
  exportFailure: ExportFailure | null;
  exportedAt: Date | null;
  printed: boolean;
  dhlHoldStatus: string | null;
  shippingCarrierId: number | null;
  trackingNumber: string | null;
  narvarTrackingUrl: string | null;
  lastEventAt: Date;
}

export interface FulfilInput {
  orderDocId: string;
  orderId: number;
  uid: string;
  state: number;
  collection: string;
  countryId: number;
  shippingMethodId: number;
  createdAt: Date;
  capturedAt: Date | null;
  lines: LineRow[];
}

const DOWNSTREAM_STATES: readonly number[] = [
  S.captured,
  S.printed,
  S.shipped,
  S.holding,
  S.partiallyShipped,
  S.cancelledPaid,
];
const FAULTS: readonly (readonly [ExportFault, number])[] = [
  ['ADDRESS_INVALID', 45],
  ['ADDRESS_INCOMPLETE', 25],
  ['ACCOUNT_NOT_FOUND', 30],
];
const NO_ADDRESS_METHODS: readonly number[] = [1011, 1018];
/** Failures of orders exported since (fixed, retried and resolved), as the export words them. */
const RESOLVED_FAILURES = [
  ['ADDRESS_INVALID', 'Phoenix rejected order: postal code 9021 is not valid for United States'],
  ['ADDRESS_INCOMPLETE', 'Phoenix rejected order: shipping address is incomplete (city missing)'],
  [
    'ACCOUNT_NOT_FOUND',
    'Phoenix insert failed: account not found in downstream system (no Phoenix account number)',
  ],
] as const;

const TRACKING: Record<number, { make: (rng: Rng) => string; url: string }> = {
  1: { make: (r) => r.digits(12), url: 'https://www.fedex.com/fedextrack/?trknbr=' },
  2: { make: (r) => `9400${r.digits(18)}`, url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=' },
  3: {
    make: (r) => r.digits(16),
    url: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=',
  },
  4: { make: (r) => r.digits(12), url: 'https://www.purolator.com/en/shipping/tracker?pin=' },
  6: { make: (r) => r.digits(10), url: 'https://www.dhl.com/us-en/home/tracking.html?tracking-id=' },
  7: {
    make: (r) => `D${r.digits(18)}`,
    url: 'https://www.canpar.com/en/tracking/delivery_options.htm?barcode=',
  },
  8: { make: (r) => `GM${r.digits(18)}`, url: 'https://webtrack.dhlecs.com/?trackingnumber=' },
  9: { make: (r) => r.digits(10), url: 'https://www.dhl.com/us-en/home/tracking.html?tracking-id=' },
};

function carrierFor(rng: Rng, countryId: number, method: number): number {
  if (countryId === 2)
    return method === 9
      ? rng.weighted([
          [3, 70],
          [7, 30],
        ] as const)
      : rng.weighted([
          [4, 70],
          [3, 30],
        ] as const);
  if (method === 5 || method === 6)
    return rng.weighted([
      [1, 80],
      [6, 20],
    ] as const);
  return rng.weighted([
    [8, 40],
    [2, 30],
    [1, 20],
    [9, 10],
  ] as const);
}

/** What a downstream failure document records about its order (spec 2 §3: context.orderId). */
function failureContext(order: FulfilInput, attempts: number) {
  return {
    orderId: String(order.orderId),
    uid: order.uid,
    dateCreatedUTC: order.createdAt.toISOString(),
    attempts,
  };
}

export function fulfil(ctx: GenContext, order: FulfilInput): Fulfilled {
  const { rng, clock, writer } = ctx;
  const now = clock.now.getTime();
  const captured = order.capturedAt ?? order.createdAt;
  const out: Fulfilled = {
    phoenixOrderId: null,
    exportFailure: null,
    exportedAt: null,
    printed: order.state === S.printed || order.state === S.shipped || order.state === S.partiallyShipped,
    dhlHoldStatus: null,
    shippingCarrierId: null,
    trackingNumber: null,
    narvarTrackingUrl: null,
    lastEventAt: captured,
  };
  if (order.collection !== 'invoices' || !DOWNSTREAM_STATES.includes(order.state)) return out;

  const ageHours = (now - order.createdAt.getTime()) / HOUR;
  const exportAt = new Date(Math.min(now, captured.getTime() + rng.int(2, 30) * MINUTE));
  if (order.state === S.captured && ageHours < 0.75) {
    writer.add(downstreamExports, {
      orderId: order.orderDocId,
      status: 'pending',
      attempts: 0,
      createdAt: captured,
    });
    return out;
  }
  if (order.state === S.captured && rng.chance(0.3)) {
    // Written by orders.ts once the order carries the fault, with the export's own reason.
    out.exportFailure = {
      // Store pickup and do-not-ship orders need no address, so theirs cannot be its fault.
      fault: NO_ADDRESS_METHODS.includes(order.shippingMethodId) ? 'ACCOUNT_NOT_FOUND' : rng.weighted(FAULTS),
      attempts: rng.int(1, 5),
      // A few failure documents were written without a date (spec 2 §2: listed last).
      failedAt: rng.chance(0.1) ? null : exportAt,
      capturedAt: captured,
    };
    return out;
  }

  out.phoenixOrderId = phoenixOrderNumber(ctx.counters.phoenixOrders++, ctx.seed);
  out.exportedAt = exportAt;
  writer.add(downstreamExports, {
    orderId: order.orderDocId,
    status: 'exported',
    attempts: 1,
    exportedAt: exportAt,
    createdAt: captured,
  });
  if (ageHours > 48 && rng.chance(0.005)) {
    const [code, message] = rng.pick(RESOLVED_FAILURES);
    const failedAt = new Date(captured.getTime() + rng.int(2, 30) * MINUTE);
    writer.add(failedOrders, {
      orderId: order.orderDocId,
      dateCreatedUtc: failedAt,
      errorCode: code,
      errorMessage: message,
      context: failureContext(order, 1),
      resolvedAt: new Date(failedAt.getTime() + rng.int(1, 48) * HOUR),
      resolvedBy: rng.pick(ctx.roster.service).email,
    });
  }
  if (order.state === S.holding || order.state === S.cancelledPaid) out.dhlHoldStatus = 'HOLD';
  if (order.state === S.shipped || order.state === S.partiallyShipped) ship(ctx, order, out, captured);
  return out;
}

function ship(ctx: GenContext, order: FulfilInput, out: Fulfilled, captured: Date): void {
  const { rng, clock, writer } = ctx;
  if (order.shippingMethodId === 1011 || order.shippingMethodId === 1018) return;
  if (rng.chance(0.02)) out.dhlHoldStatus = 'RELEASED';
  const lines = order.lines.filter((l) => !l.isSample);
  const parcels = order.state === S.partiallyShipped ? 1 : lines.length > 2 && rng.chance(0.15) ? 2 : 1;
  const perParcel = Math.ceil(lines.length / (order.state === S.partiallyShipped ? 2 : parcels));
  const latest = clock.now.getTime() - HOUR;
  for (let p = 0; p < parcels; p++) {
    const carrierId = carrierFor(rng, order.countryId, order.shippingMethodId);
    const tracking = TRACKING[carrierId] ?? TRACKING[1];
    if (!tracking) return;
    const trackingNumber = tracking.make(rng);
    const shippedAt = new Date(
      Math.min(
        clock.now.getTime(),
        Math.max(captured.getTime() + HOUR, Math.min(latest, captured.getTime() + rng.float() * 3 * DAY)),
      ),
    );
    writer.add(orderShipments, {
      orderId: order.orderDocId,
      carrierId,
      trackingNumber,
      trackingUrl: `${tracking.url}${trackingNumber}`,
      shippedAt,
      packages: lines
        .slice(p * perParcel, (p + 1) * perParcel)
        .map((l) => ({ sku: l.sku, quantity: l.quantity })),
    });
    if (p === 0) {
      out.shippingCarrierId = carrierId;
      out.trackingNumber = trackingNumber;
      out.narvarTrackingUrl = `https://tracking.narvar.com/demo/tracking/${carrierId}?tracking_numbers=${trackingNumber}`;
    }
    if (shippedAt > out.lastEventAt) out.lastEventAt = shippedAt;
  }
}
