import { useDisclosure } from '@mantine/hooks';
import { Button, Drawer, Stack, Text, Title } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { TISSUE_FILTER_BOUNDS } from '@rrp/domain';

/** What the catalogue's terms mean (staff §2.8 "terminology panel"). */
const TISSUE_TERMS: { term: string; meaning: string }[] = [
  {
    term: 'Donor',
    meaning:
      'A brain donor of the Autism BrainNet network, known here only by a donor hash that does not identify them.',
  },
  {
    term: 'Diagnosis',
    meaning:
      'ASD (autism spectrum disorder), Control (no known neurodevelopmental condition), Dup15q Syndrome, or Other NDD (another neurodevelopmental disorder).',
  },
  {
    term: 'Confirmation status',
    meaning:
      'Whether the diagnosis is confirmed by clinical records review. Donors whose status is under review or not confirmed can be added to a collection by the network’s staff only.',
  },
  {
    term: 'PMI',
    meaning: `Post-mortem interval: hours from death to tissue preservation (the filter runs from ${TISSUE_FILTER_BOUNDS.pmi.min} to ${TISSUE_FILTER_BOUNDS.pmi.max}). Shorter intervals usually give better preserved tissue.`,
  },
  {
    term: 'RIN',
    meaning:
      'RNA integrity number, from 1 (degraded) to 10 (intact), measured on frozen tissue; higher is better for RNA studies.',
  },
  {
    term: 'Left / right hemisphere, brainstem',
    meaning:
      'What is held: Frozen (for molecular work), Fixed (formalin-fixed, for histology), Frozen & Fixed (parts of each), or Not Available.',
  },
  { term: 'Tissue quality', meaning: 'The bank’s overall rating of the tissue: Good, Fair or Poor.' },
  {
    term: 'Flag: Atypical',
    meaning:
      'The donor’s presentation or history differs from what the diagnosis usually implies; read the clinical summary.',
  },
  {
    term: 'Pilot set',
    meaning:
      'A smaller reserve of donors offered for pilot tissue requests. A pilot collection holds pilot donors only.',
  },
  {
    term: 'Collection',
    meaning:
      'A named list of donors you build here and attach to one tissue request. It can be changed while the request is new or returned for revisions.',
  },
];

/** The terminology panel: a button opening the glossary beside the table. */
export function TerminologyPanel() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" leftSection={<IconBook size={16} aria-hidden />} onClick={open}>
        Terminology
      </Button>
      <Drawer opened={opened} onClose={close} position="right" title="Terminology" size="md">
        <Stack gap="md">
          {TISSUE_TERMS.map(({ term, meaning }) => (
            <div key={term}>
              <Title order={3} fz="sm">
                {term}
              </Title>
              <Text size="sm">{meaning}</Text>
            </div>
          ))}
        </Stack>
      </Drawer>
    </>
  );
}
