import { openDatabase } from "#app/db/db.server";
import { monthTransfers, ownerStatement } from "#app/models/owners/transfers.server";
import { ownedRents } from "#app/models/owners/received-rents.server";
const db = openDatabase("/tmp/prof/app.db");
for (let i = 0; i < 3; i++) {
  let t = performance.now();
  const r = await monthTransfers(db, "2026-11");
  console.log("monthTransfers", (performance.now() - t).toFixed(0), r.pendingOwners);
  t = performance.now();
  const o = await ownedRents(db, { paidFrom: "2026-11-01", paidBefore: "2026-12-01", notTransferred: true });
  console.log("ownedRents month", (performance.now() - t).toFixed(0), o.length);
  t = performance.now();
  await ownerStatement(db, r.pending.rows[0].ownerId, "2026-11");
  console.log("ownerStatement", (performance.now() - t).toFixed(0));
}
