/** Loads `total` small leaves as `/mem/c<i>/k<j>` through REST PATCHes of `chunk` leaves each. */
export async function loadNodes(port: number, total: number, chunk = 10_000): Promise<void> {
  for (let c = 0; c * chunk < total; c++) {
    const body: Record<string, number> = {};
    for (let j = 0; j < chunk && c * chunk + j < total; j++) body[`k${j}`] = c * chunk + j;
    const res = await fetch(`http://127.0.0.1:${port}/mem/c${c}.json?ns=bench&print=silent`, {
      method: 'PUT',
      headers: { Authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`loading failed: ${res.status} ${await res.text()}`);
  }
}
