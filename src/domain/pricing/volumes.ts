// Line volumes (spec 3 §4, spec 2 §9; decisions in docs/decisions/002-pricing-engine.md).
import { WHOLESALE_VOLUME_FACTOR } from '@domain/reference';
import { lineBase, lineTotal, type VolumeAdjustment, type WorkLine } from './cart';
import { roundVolume } from './money';
import type { Volumes, VolumeTables } from './types';

export const ZERO_VOLUMES: Volumes = { CV: 0, PV: 0, QV: 0, NV: 0, SV: 0 };

export function toVolumes(partial: Partial<Volumes> | undefined): Volumes {
  return { ...ZERO_VOLUMES, ...partial };
}

const rounded = (v: Volumes): Volumes => ({
  CV: roundVolume(v.CV),
  PV: roundVolume(v.PV),
  QV: roundVolume(v.QV),
  NV: roundVolume(v.NV),
  SV: roundVolume(v.SV),
});

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
  // Field by field rather than through intermediate objects: the same float operations
  // in the same order as scale, adjust and rounded, without five objects per line.
  const unit = line.unitVolumes;
  const q = line.quantity;
  const originalVolumes: Volumes = {
    CV: roundVolume(unit.CV * q),
    PV: roundVolume(unit.PV * q),
    QV: roundVolume(unit.QV * q),
    NV: roundVolume(unit.NV * q),
    SV: roundVolume(unit.SV * q),
  };
  // Samples and free lines (given away whole, including added gifts) carry no volume.
  if (line.isSample || line.free) return { volumes: { ...ZERO_VOLUMES }, originalVolumes };
  const a = line.volumeAdjustment;
  let cv = adjusted(unit.CV, a?.CV, a) * q;
  let pv = adjusted(unit.PV, a?.PV, a) * q;
  let qv = adjusted(unit.QV, a?.QV, a) * q;
  const nv = unit.NV * q;
  const sv = unit.SV * q;
  if (s.zeroCommission || s.listA.has(line.sku)) {
    cv = 0;
    pv = 0;
    qv = 0;
  }
  if (line.sku === s.tables.fullVolumeSku) {
    return {
      volumes: {
        CV: roundVolume(cv),
        PV: roundVolume(pv),
        QV: roundVolume(qv),
        NV: roundVolume(nv),
        SV: roundVolume(sv),
      },
      originalVolumes,
    };
  }
  let factor = s.wholesale && !s.listB.has(line.sku) ? WHOLESALE_VOLUME_FACTOR : 1;
  const base = lineBase(line);
  if (base > 0) factor *= lineTotal(line) / base;
  factor *= s.creditFactor;
  return {
    volumes: {
      CV: roundVolume(cv * factor),
      PV: roundVolume(pv * factor),
      QV: roundVolume(qv * factor),
      NV: roundVolume(nv * factor),
      SV: roundVolume(sv * factor),
    },
    originalVolumes,
  };
}

/** Type 20 on one per-unit volume: set to, or scaled by, the rule's value when it has one. */
function adjusted(unit: number, x: number | undefined, a: VolumeAdjustment | undefined): number {
  if (!a || x === undefined) return unit;
  return a.mode === 'set' ? x : unit * x;
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
