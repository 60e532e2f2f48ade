/** The table view of a chart: every point as a row, in a <details> any keyboard can open. */
export function ChartTable({
  caption,
  rows,
  columns,
}: {
  caption: string;
  rows: Array<{ label: string; values: number[] }>;
  columns: string[];
}) {
  return (
    <details className="stats-table-toggle">
      <summary>Show as table</summary>
      <div className="stats-table-scroll">
        <table className="stats-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                {r.values.map((v, i) => (
                  <td key={columns[i]}>{v.toLocaleString()}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
