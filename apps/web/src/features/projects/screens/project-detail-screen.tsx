import {
  Badge,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDate, can, PROJECT_MESSAGES, STAFF_ROLES, type ProjectDto } from '@rrp/domain';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import { useCan, useActor } from '@/lib/use-can';
import { useProject } from '../api/projects';
import { ProjectAuditTrail } from '../components/audit-trail';
import { IrbCard, IrbNotice, useExpiredIrbModal } from '../components/irb-card';
import { ProjectActionMenu } from '../components/project-actions';
import { ProjectForm } from '../components/project-form';
import { RequestedResources } from '../components/requested-resources';
import { TeamCard } from '../components/team-card';
import { sameIgnoringWhitespace } from '../rules';

const CRUMBS = [{ label: 'Projects', to: '/project' }];

type Mode = 'view' | 'edit' | 'audit';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} c="gray.7" tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

function Summary({ project }: { project: ProjectDto }) {
  const owner = typeof project.owner === 'object' ? project.owner.display_name : '—';
  const institution =
    project.institution && typeof project.institution === 'object' ? project.institution.name : '—';
  const publicDiffers =
    !sameIgnoringWhitespace(project.public_title ?? project.title, project.title) ||
    !sameIgnoringWhitespace(project.public_abstract ?? project.abstract, project.abstract);
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label="Principal Investigator">{owner}</Field>
          <Field label="Institution">{institution}</Field>
          <Field label="Created">{formatDate(project.created)}</Field>
        </SimpleGrid>
        <Field label="Autism research">
          {project.non_autism_research ? 'No, this is non-autism research' : 'Yes'}
        </Field>
        <div>
          <Title order={2} fz="lg" mb={4}>
            Project Summary
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {project.abstract}
          </Text>
        </div>
        {publicDiffers && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label="Public title">{project.public_title}</Field>
            <Field label="Public abstract">{project.public_abstract}</Field>
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

/** /project/{id}: read-only, edit and audit-trail modes (researcher §2 "Project page"). */
export default function ProjectDetailScreen() {
  const id = Number(useParams().objectId);
  const [params, setParams] = useSearchParams();
  const { user, activeRole } = useSession();
  const isStaff = activeRole !== null && STAFF_ROLES.includes(activeRole);
  // The audit trail is the staff's (history is a staff grant); edit needs the update right (below).
  const requested = params.get('mode');
  const mode: Mode = requested === 'edit' ? 'edit' : requested === 'audit' ? 'audit' : 'view';
  const setMode = (next: Mode) => setParams(next === 'view' ? {} : { mode: next });
  const project = useProject(id);
  const data = project.data;
  const canUpdate = useCan(data, 'update');
  const canDelete = useCan(data, 'delete');
  const isOwner = Boolean(data && user && typeof data.owner === 'object' && data.owner.id === user.id);
  const isAdmin = activeRole === 'portal_admin';
  // Edit Team: the owner, admins, access admins and reviewers of the project's requests (decision 119).
  const canEditTeam = canUpdate || Boolean(data?.team_permissions.includes('update'));
  // Grants that do not depend on the project come from the one permission table.
  const actor = useActor();
  // A locked project's texts are read-only except to admins; its IRB and team stay updatable (decision 031).
  const canEditProject = canUpdate && Boolean(data && (data.is_editable || isAdmin));
  const showAudit = isOwner || can(actor, 'list', 'History');
  useExpiredIrbModal(data, canUpdate && mode === 'view');

  if (!data) {
    return (
      <Page title="Project" crumbs={CRUMBS}>
        <Skeleton h={240} />
      </Page>
    );
  }

  if (mode === 'edit' && canEditProject) {
    return (
      <Page
        title="Edit Project"
        crumbs={[...CRUMBS, { label: data.portal_project_id, to: `/project/${id}` }]}
      >
        <ProjectForm
          project={data}
          choosePi={isAdmin}
          onCancel={() => setMode('view')}
          onSaved={() => setMode('view')}
        />
      </Page>
    );
  }

  const actions = (
    <Group gap="xs">
      <Badge variant="outline">{data.portal_project_id}</Badge>
      {isStaff && !isOwner ? (
        <ProjectActionMenu
          project={data}
          canEdit={canEditProject}
          canDelete={canDelete}
          canAudit={showAudit}
          onEdit={() => setMode('edit')}
          onAudit={() => setMode('audit')}
        />
      ) : isOwner ? (
        <>
          {canEditProject ? (
            <Button variant="light" onClick={() => setMode('edit')}>
              Edit
            </Button>
          ) : (
            <Tooltip label={PROJECT_MESSAGES.notEditable}>
              <Button variant="light" data-disabled aria-disabled onClick={(event) => event.preventDefault()}>
                Edit
              </Button>
            </Tooltip>
          )}
          {mode !== 'audit' && (
            <Button variant="subtle" onClick={() => setMode('audit')}>
              View Audit Trail
            </Button>
          )}
        </>
      ) : null}
    </Group>
  );

  return (
    <Page title={data.title} crumbs={CRUMBS} current={data.portal_project_id} actions={actions}>
      {mode === 'audit' && showAudit ? (
        <Stack>
          <Group>
            <Button component={Link} to={`/project/${id}`} variant="default">
              Back to Project
            </Button>
          </Group>
          <ProjectAuditTrail project={data} />
        </Stack>
      ) : (
        <Stack>
          <IrbNotice project={data} />
          <Grid>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Summary project={data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <IrbCard project={data} canUpdate={canUpdate} />
            </Grid.Col>
          </Grid>
          <RequestedResources projectId={id} />
          <TeamCard projectId={id} canEdit={canEditTeam} />
        </Stack>
      )}
    </Page>
  );
}
