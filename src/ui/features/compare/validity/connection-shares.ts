// A browser run's targets' shares of the connections to the hosts they share, from the certificate stored
// with it (core/validity's http1Origins): what the sweep's judgement reads to name the stages the browser's
// connections held back (core/load's connectionShares). Older runs and command-line runs have none.
import { connectionShares } from "../../../../core/load/saturation";
import { isBrowserValidity, type RunValidity } from "../../../../core/validity";

const NONE: ReadonlyMap<string, number> = new Map();
// One map per certificate, so a page that renders again hands the curves the same map (their memo holds).
const byCertificate = new WeakMap<RunValidity, ReadonlyMap<string, number>>();

export function connectionSharesOf(validity: RunValidity | undefined): ReadonlyMap<string, number> {
  if (validity === undefined || !isBrowserValidity(validity)) return NONE;
  let shares = byCertificate.get(validity);
  if (shares === undefined) {
    shares = connectionShares(validity.figures.http1Origins, validity.figures.connectionsPerHost);
    byCertificate.set(validity, shares);
  }
  return shares;
}
