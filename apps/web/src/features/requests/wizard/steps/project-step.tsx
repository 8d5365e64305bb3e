import { useState } from 'react';
import { Button, Group, Select, Stack } from '@mantine/core';
import type { ProjectDto } from '@rrp/domain';
import { CreateProjectForm } from './create-project-form';
import { EditableProject } from './editable-project';
import { ProjectSummary } from './project-summary';

const CREATE_PROJECT = 'create';

/**
 * Whether the wizard edits a project in place: the caller may update it (its `permissions`) and it
 * is not locked, or the caller may edit any project (administrators; researcher §4).
 */
export const editableInWizard = (
  project: Pick<ProjectDto, 'permissions' | 'is_editable'>,
  overridesLock: boolean,
) => project.permissions.includes('update') && (project.is_editable || overridesLock);

export function ProjectStep({
  projects,
  projectId,
  staff,
  overridesLock = false,
  onSelect,
  onAutismChange,
  onContinue,
}: {
  projects: ProjectDto[];
  projectId: number | null;
  staff: boolean;
  /** The caller may edit locked projects too (an unconditional Project update grant). */
  overridesLock?: boolean;
  onSelect: (project: ProjectDto | null) => void;
  onAutismChange: () => void;
  onContinue: () => void;
}) {
  const [creating, setCreating] = useState(false);
  const chosen = projects.find((project) => project.id === projectId) ?? null;
  const editable = chosen !== null && !creating && editableInWizard(chosen, overridesLock);
  return (
    <Stack gap="md" maw={860}>
      <Select
        label="Project"
        description={staff ? 'Every project' : 'Your projects'}
        placeholder="Choose a project"
        searchable
        data={[
          { value: CREATE_PROJECT, label: 'Create project' },
          ...projects.map((project) => ({ value: String(project.id), label: project.title })),
        ]}
        value={creating ? CREATE_PROJECT : projectId ? String(projectId) : null}
        onChange={(value) => {
          setCreating(value === CREATE_PROJECT);
          onSelect(
            value && value !== CREATE_PROJECT ? (projects.find((p) => String(p.id) === value) ?? null) : null,
          );
        }}
      />
      {creating && (
        <CreateProjectForm
          staff={staff}
          onAutismChange={onAutismChange}
          onCreated={(project) => {
            setCreating(false);
            onSelect(project);
          }}
        />
      )}
      {editable && chosen && <EditableProject key={chosen.id} project={chosen} onContinue={onContinue} />}
      {!creating && chosen && !editable && <ProjectSummary project={chosen} />}
      {!editable && (
        <Group>
          <Button onClick={onContinue} disabled={!chosen || creating}>
            Continue
          </Button>
        </Group>
      )}
    </Stack>
  );
}
