// The framework's own cost, for `npm run bench` only (docs/decisions/072-cpu-per-request.md): a
// page with no data and no translation, a static 20-row table through the root layout, so that
// each signed-in render's figure can be set beside what TanStack Start and React cost here.
// Outside a bench server (BENCH_PAGES=1) it is the not-found page.
import { createFileRoute, notFound } from '@tanstack/react-router';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#/components/ui/table';

const ROWS = Array.from({ length: 20 }, (_, i) => ({
  id: String(i + 1),
  title: `Static title ${i + 1}`,
  author: `Author ${i + 1}`,
  added: '2026-01-01',
}));

export const Route = createFileRoute('/bench/static-table')({
  beforeLoad: () => {
    if (typeof document === 'undefined' && process.env.BENCH_PAGES !== '1') throw notFound();
  },
  head: () => ({ meta: [{ name: 'robots', content: 'noindex' }] }),
  component: StaticTable,
});

function StaticTable() {
  return (
    <main className="mx-auto w-full max-w-6xl p-6">
      <h1 className="mb-4 text-2xl font-semibold">Static table</h1>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Title</TableHead>
            <TableHead scope="col">Author</TableHead>
            <TableHead scope="col">Added</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {ROWS.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.title}</TableCell>
              <TableCell>{row.author}</TableCell>
              <TableCell>{row.added}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </main>
  );
}
