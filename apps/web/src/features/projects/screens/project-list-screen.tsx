import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { can, csvDate, formatDate, LIMITS, type ProjectDto } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';
import { useListControls } from '@/components/list-controls';
import { Page } from '@/components/page';
import { downloadFile, saveCsv } from '@/lib/download';
import { useSession } from '@/lib/session';
import { projectListQuery, useProjects, type ListPage, type ProjectFilters } from '../api/projects';
import { SearchInput } from '@/components/search-input';
import { ListActionsMenu } from '@/components/list-actions-menu';
import { useActor } from '@/lib/use-can';
import { ListTable } from '@/components/list-table';
import { NoResultsCreate } from '@/components/no-results-create';

const ownerName = (project: ProjectDto) =>
  typeof project.owner === 'object' ? project.owner.display_name : '';
const irbId = (project: ProjectDto) =>
  project.latest_irb === null
    ? null
    : typeof project.latest_irb === 'object'
      ? project.latest_irb.id
      : project.latest_irb;
/** IRB Expiration Date: the renewal date, or 'Exempt' (researcher §2 "Lists"). */
export const irbExpiration = (project: ProjectDto) =>
  project.irb_state === 'exempt'
    ? 'Exempt'
    : project.irb_renewal_date
      ? formatDate(project.irb_renewal_date)
      : '—';

/** Every matching project (up to the list limit) as a CSV file, for staff. */
async function downloadCsv(filters: ProjectFilters) {
  const page = await apiFetch<ListPage<ProjectDto>>('project/', {
    query: projectListQuery(filters, LIMITS.list.maxLimit, 0),
  });
  await saveCsv(
    page.results.map((project) => ({
      portal_project_id: project.portal_project_id,
      title: project.title,
      abstract: project.abstract,
      principal_investigator: ownerName(project),
      // CSV files carry ISO dates (decision 129).
      irb_expiration_date: project.irb_state === 'exempt' ? 'Exempt' : csvDate(project.irb_renewal_date),
      non_autism_research: project.non_autism_research ? 'Yes' : 'No',
      created: project.created,
    })),
    'projects.csv',
  );
}

function openAbstract(project: ProjectDto) {
  modals.open({
    title: `${project.title} Abstract`,
    size: 'lg',
    children: (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {project.abstract}
      </Text>
    ),
  });
}

/** /project: the project list (researcher §2 "Lists"); researchers see their own projects. */
export default function ProjectListScreen() {
  const { activeRole } = useSession();
  const isPi = activeRole === 'primary_researcher';
  const isAdmin = activeRole === 'portal_admin';
  const actor = useActor();
  const hasMenu = isAdmin || activeRole === 'portal_reviewer';
  const { state, setState, searchText, setSearch, search } = useListControls('title');
  const filters: ProjectFilters = { ...state, search: isPi ? '' : search };
  const list = useProjects(filters);
  const empty = list.data !== undefined && list.data.count === 0;

  const stop = (event: React.MouseEvent) => event.stopPropagation();

  return (
    <Page
      title="Projects"
      actions={
        <Group>
          {isPi && (
            <Button component={Link} to="/project/create">
              New Project
            </Button>
          )}
          {hasMenu && (
            <ListActionsMenu
              create={
                can(actor, 'create', 'Project')
                  ? { label: 'Add New Project', to: '/project/create' }
                  : undefined
              }
              onDownload={() => void downloadCsv(filters)}
            />
          )}
        </Group>
      }
    >
      <Stack>
        {!isPi && (
          <SearchInput
            label="Search projects"
            placeholder="Search for projects..."
            value={searchText}
            onChange={setSearch}
            w={360}
          />
        )}
        {empty && !list.isFetching ? (
          <NoResultsCreate to="/project/create" label="Create a new project" />
        ) : (
          <ListTable<ProjectDto>
            label="Projects"
            list={list}
            state={state}
            onChange={setState}
            rowPath={(project) => `/project/${project.id}`}
            columns={[
              {
                accessor: 'portal_project_id',
                title: 'Portal ID',
                sortable: true,
                // The row opens on click; the link opens it from the keyboard, as request rows do.
                render: (project) => (
                  <Anchor component={Link} to={`/project/${project.id}`} size="sm" onClick={stop}>
                    {project.portal_project_id}
                  </Anchor>
                ),
              },
              { accessor: 'title', title: 'Title', sortable: true },
              {
                accessor: 'abstract',
                title: 'Abstract',
                render: (project) => (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={(event) => {
                      stop(event);
                      openAbstract(project);
                    }}
                  >
                    View Abstract
                  </Button>
                ),
              },
              {
                accessor: 'latest_irb',
                title: 'IRB',
                render: (project) => {
                  const id = irbId(project);
                  return id === null ? (
                    <Text size="sm" c="gray.7">
                      None
                    </Text>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="default"
                      leftSection={<IconDownload size={12} aria-hidden />}
                      onClick={(event) => {
                        stop(event);
                        void downloadFile(id);
                      }}
                    >
                      View IRB
                    </Button>
                  );
                },
              },
              {
                accessor: 'irb_renewal_date',
                title: 'IRB Expiration Date',
                sortable: true,
                render: (project) => irbExpiration(project),
              },
              ...(isAdmin
                ? [
                    {
                      accessor: 'owner',
                      title: 'Principal Investigator',
                      sortable: true,
                      render: (project: ProjectDto) => ownerName(project),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Stack>
    </Page>
  );
}
