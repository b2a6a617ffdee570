import type { ReactNode } from 'react';
import { Item, ItemContent, ItemDetails, ItemList } from '#/components/ui/item-list';
import { NoValue } from '#/components/ui/no-value';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#/components/ui/table';
import { useIsDesktop } from '#/lib/use-media-query';

export type SessionRow = {
  id: string;
  device: ReactNode;
  ipAddress: string | null;
  lastActive: string;
  lastActiveTitle?: string;
  token?: ReactNode;
  /** Null for this device, or without the right to act. */
  action: ReactNode;
};

type Labels = { device: string; ipAddress: string; lastActive: string; token?: string; actions: string };

export function SessionList({ rows, labels, actions, testId }: { rows: SessionRow[]; labels: Labels; actions: boolean; testId: string }) {
  // One layout at a time: the table from 640 px (and on the server), cards below.
  const desktop = useIsDesktop();
  // An address breaks nowhere: in a card it is cut with an ellipsis, in a table its column fits it.
  const address = (row: SessionRow) => (row.ipAddress ? <bdi className="whitespace-nowrap wrap-normal">{row.ipAddress}</bdi> : <NoValue />);

  if (!desktop)
    return (
      <ItemList data-testid={`${testId}-cards`}>
        {rows.map((row) => (
          <Item key={row.id} data-testid={testId}>
            <ItemContent>
              {row.device}
              <ItemDetails
                details={[
                  { label: labels.ipAddress, value: address(row), truncate: true },
                  { label: labels.lastActive, value: row.lastActive, title: row.lastActiveTitle },
                  ...(labels.token ? [{ label: labels.token, value: row.token }] : []),
                ]}
              />
            </ItemContent>
            {actions && row.action}
          </Item>
        ))}
      </ItemList>
    );
  // In a narrow container (a settings card beside its title, 460 px at 1280) the address moves under the device's
  // name, so the sign-out button keeps its room; from 576 px of container it has its own column.
  return (
    <div className="@container">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{labels.device}</TableHead>
            <TableHead scope="col" className="hidden @xl:table-cell">
              {labels.ipAddress}
            </TableHead>
            <TableHead scope="col">{labels.lastActive}</TableHead>
            {labels.token && <TableHead scope="col">{labels.token}</TableHead>}
            {actions && (
              <TableHead scope="col">
                <span className="sr-only">{labels.actions}</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid={testId}>
              {/* A device's name breaks between its words only ('Playwrig|ht 1' in Arabic's larger text was a bug). */}
              <TableCell className="min-w-28 [&_bdi]:wrap-normal">
                {row.device}
                <span className="mt-0.5 block ps-6 text-muted-foreground @xl:hidden">
                  <span className="sr-only">{labels.ipAddress}: </span>
                  {address(row)}
                </span>
              </TableCell>
              <TableCell className="hidden @xl:table-cell">{address(row)}</TableCell>
              <TableCell className="whitespace-nowrap" title={row.lastActiveTitle}>
                {row.lastActive}
              </TableCell>
              {labels.token && <TableCell>{row.token}</TableCell>}
              {/* As narrow as its button, which never wraps: the other columns give way first. */}
              {actions && <TableCell className="w-px text-end whitespace-nowrap">{row.action}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
