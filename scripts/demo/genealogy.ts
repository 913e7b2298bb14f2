import type { Rng } from './rng';

// The sponsor/enroller tree, built as accounts are generated in enrollment order. Only compact
// typed arrays are kept (a few bytes per account), so the tree of a million accounts fits in a
// few megabytes while the rows themselves are streamed out.

/** Sponsor index of an account placed directly under the company (phoenixId 1). */
export const COMPANY = -1;

export interface Placement {
  sponsorIdx: number;
  enrollerIdx: number;
}

export class Genealogy {
  /** Sponsor of each account (an account index, or COMPANY). */
  readonly sponsorOf: Int32Array;
  /** Level below the company: 1 for the company's front line. */
  readonly depthOf: Uint8Array;
  private readonly consultants: Int32Array;
  private consultantCount = 0;

  constructor(readonly size: number) {
    this.sponsorOf = new Int32Array(size).fill(COMPANY);
    this.depthOf = new Uint8Array(size);
    this.consultants = new Int32Array(size);
  }

  /** A new consultant joins under an existing one, or directly under the company. */
  placeConsultant(idx: number, rng: Rng): Placement {
    const sponsorIdx = this.pickConsultant(rng, 0.03, 0.2);
    this.link(idx, sponsorIdx);
    this.consultants[this.consultantCount++] = idx;
    // The enroller is usually the sponsor, sometimes someone further up the line.
    let enrollerIdx = sponsorIdx;
    if (sponsorIdx !== COMPANY && rng.chance(0.15)) {
      const upline = this.sponsorOf[sponsorIdx] ?? COMPANY;
      if (upline !== COMPANY) enrollerIdx = rng.chance(0.8) ? upline : (this.sponsorOf[upline] ?? upline);
      if (enrollerIdx === COMPANY) enrollerIdx = upline;
    }
    return { sponsorIdx, enrollerIdx };
  }

  /** Members, clients and others buy through a consultant, or directly from the company. */
  placeCustomer(idx: number, rng: Rng, companyShare: number): Placement {
    const sponsorIdx = this.pickConsultant(rng, companyShare, 0.2);
    this.link(idx, sponsorIdx);
    return { sponsorIdx, enrollerIdx: sponsorIdx };
  }

  /** Walks up to the company; the walk is finite because sponsors always come earlier. */
  uplineOf(idx: number): number[] {
    const line: number[] = [];
    let at = this.sponsorOf[idx] ?? COMPANY;
    while (at !== COMPANY) {
      line.push(at);
      at = this.sponsorOf[at] ?? COMPANY;
    }
    return line;
  }

  /**
   * Established consultants recruit most (a pick biased toward the earliest), some newcomers
   * recruit at once (a pick among the most recent), the rest anywhere. That keeps the demo tree
   * about a dozen levels deep, as real ones are, with a few large front lines.
   */
  private pickConsultant(rng: Rng, companyShare: number, recentShare: number): number {
    const count = this.consultantCount;
    if (count === 0 || rng.chance(companyShare)) return COMPANY;
    const u = rng.float();
    let position: number;
    if (u < 0.5) position = Math.floor(count * rng.float() ** 2);
    else if (u < 0.5 + recentShare) {
      const recent = Math.min(Math.max(20, Math.floor(count * 0.03)), count);
      position = count - 1 - rng.int(0, recent - 1);
    } else position = rng.int(0, count - 1);
    return this.consultants[position] ?? COMPANY;
  }

  private link(idx: number, sponsorIdx: number): void {
    this.sponsorOf[idx] = sponsorIdx;
    const sponsorDepth = sponsorIdx === COMPANY ? 0 : (this.depthOf[sponsorIdx] ?? 0);
    this.depthOf[idx] = Math.min(255, sponsorDepth + 1);
  }
}
