import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * The staff menu of a list (researcher §2 "Lists"): 'Add New <kind>' for those who may create,
 * and 'Download' of the list as CSV.
 */
export function ListActionsMenu({
  create,
  onDownload,
}: {
  create?: { label: string; to: string };
  onDownload: () => void;
}) {
  return (
    <Menu position="bottom-start" width={225}>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {create && (
          <Menu.Item component={Link} to={create.to}>
            {create.label}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconDownload size={14} aria-hidden />} onClick={onDownload}>
          Download
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
