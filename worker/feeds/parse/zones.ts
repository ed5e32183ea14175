// Time-zone names that feeds put in RFC 822 dates. RFC 822 §5.1 defines UT, GMT, Z, the US zones and the
// military letters; feeds also use the one- and two-letter US forms (feedparser's table has "ET", "PT"),
// the European abbreviations (MET/MEST as in Central European time) and a few Asian and Pacific ones.
// Ambiguous abbreviations (IST, BST) take their most common meaning in English-language feeds.

const ZONES: Record<string, number> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  wet: 0,
  'etc/gmt': 0,
  'etc/utc': 0,
  adt: -3,
  ast: -4,
  at: -4,
  edt: -4,
  est: -5,
  et: -5,
  cdt: -5,
  cst: -6,
  ct: -6,
  mdt: -6,
  mst: -7,
  mt: -7,
  pdt: -7,
  pst: -8,
  pt: -8,
  akdt: -8,
  akst: -9,
  hst: -10,
  hast: -10,
  hadt: -9,
  ndt: -2.5,
  nst: -3.5,
  brt: -3,
  art: -3,
  bst: 1,
  ist: 5.5,
  cet: 1,
  met: 1,
  mez: 1,
  west: 1,
  cest: 2,
  mest: 2,
  mesz: 2,
  eet: 2,
  eest: 3,
  msk: 3,
  gst: 4,
  pkt: 5,
  ict: 7,
  wib: 7,
  sgt: 8,
  hkt: 8,
  awst: 8,
  jst: 9,
  kst: 9,
  acst: 9.5,
  acdt: 10.5,
  aest: 10,
  aedt: 11,
  nzst: 12,
  nzdt: 13,
};

/**
 * Offset in minutes east of UTC for a zone name, or undefined. Single letters are the RFC 822 military
 * zones, read as RFC 822 writes them (A = -1 … M = -12, N = +1 … Y = +12, J unused).
 */
export function zoneOffsetMinutes(name: string): number | undefined {
  const lower = name.toLowerCase();
  const hours = ZONES[lower];
  if (hours !== undefined) return hours * 60;
  if (lower.length === 1 && lower !== 'j') {
    const code = lower.charCodeAt(0);
    if (code >= 97 && code <= 109) return -(code - 96 - (code > 106 ? 1 : 0)) * 60;
    if (code >= 110 && code <= 121) return (code - 109) * 60;
  }
  return undefined;
}
