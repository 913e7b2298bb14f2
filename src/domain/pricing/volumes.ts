// Line volumes (spec 3 §4, spec 2 §9; decisions in docs/decisions/002-pricing-engine.md).
import { WHOLESALE_VOLUME_FACTOR } from '@domain/reference';
import { lineBase, lineTotal, type VolumeAdjustment, type WorkLine } from './cart';
import { roundVolume } from './money';
import type { Volumes, VolumeTables } from './types';

export const ZERO_VOLUMES: Volumes = { CV: 0, PV: 0, QV: 0, NV: 0, SV: 0 };

export function toVolumes(partial: Partial<Volumes> | undefined): Volumes {
  return { ...ZERO_VOLUMES, ...partial };
}

function scale(v: Volumes, factor: number): Volumes {
  return { CV: v.CV * factor, PV: v.PV * factor, QV: v.QV * factor, NV: v.NV * factor, SV: v.SV * factor };
}

const rounded = (v: Volumes): Volumes => ({
  CV: roundVolume(v.CV),
  PV: roundVolume(v.PV),
  QV: roundVolume(v.QV),
  NV: roundVolume(v.NV),
  SV: roundVolume(v.SV),
});

/** Type 20: per-unit CV, PV and QV set to, or scaled by, the rule's values. */
function adjust(unit: Volumes, a: VolumeAdjustment | undefined): Volumes {
  if (!a) return unit;
  const one = (key: 'CV' | 'PV' | 'QV') => {
    const x = a[key];
    if (x === undefined) return unit[key];
    return a.mode === 'set' ? x : unit[key] * x;
  };
  return { ...unit, CV: one('CV'), PV: one('PV'), QV: one('QV') };
}

export interface VolumeSettings {
  tables: VolumeTables;
  listA: ReadonlySet<string>;
  listB: ReadonlySet<string>;
  wholesale: boolean;
  /** Consultant order of the zero-price order type: no CV, PV or QV. */
  zeroCommission: boolean;
  /** (subtotal − credit) / subtotal: applied credit scales volumes down proportionally. */
  creditFactor: number;
}

/**
 * Volumes of one line. Samples and free lines carry none. List A and the zero-price order type clear CV, PV and QV.
 * The full-volume SKU keeps its volumes whole; every other line is scaled by the wholesale factor
 * (list B exempt), by the share of its price still paid after discounts, and by the credit factor.
 */
export function lineVolumes(
  line: WorkLine,
  s: VolumeSettings,
): { volumes: Volumes; originalVolumes: Volumes } {
  const originalVolumes = rounded(scale(line.unitVolumes, line.quantity));
  // Samples and free lines (given away whole, including added gifts) carry no volume.
  if (line.isSample || line.free) return { volumes: { ...ZERO_VOLUMES }, originalVolumes };
  let v = scale(adjust(line.unitVolumes, line.volumeAdjustment), line.quantity);
  if (s.zeroCommission || s.listA.has(line.sku)) v = { ...v, CV: 0, PV: 0, QV: 0 };
  if (line.sku === s.tables.fullVolumeSku) return { volumes: rounded(v), originalVolumes };
  let factor = s.wholesale && !s.listB.has(line.sku) ? WHOLESALE_VOLUME_FACTOR : 1;
  const base = lineBase(line);
  if (base > 0) factor *= lineTotal(line) / base;
  factor *= s.creditFactor;
  return { volumes: rounded(scale(v, factor)), originalVolumes };
}

export function sumVolumes(list: readonly Volumes[]): Volumes {
  const total = { ...ZERO_VOLUMES };
  for (const v of list) {
    total.CV += v.CV;
    total.PV += v.PV;
    total.QV += v.QV;
    total.NV += v.NV;
    total.SV += v.SV;
  }
  return rounded(total);
}
