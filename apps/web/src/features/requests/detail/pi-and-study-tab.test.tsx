import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { PiAndStudyTab } from './research-match-tabs';

type View = Parameters<typeof PiAndStudyTab>[0]['request'];

describe('PI and Recruitment Study (a Research Match application)', () => {
  it('writes the participants’ ages as a range, not as a list of two numbers', () => {
    const request = {
      owner: { id: 3, full_name: 'Rosa Recontact' },
      creator: null,
      institution: { id: 1, name: 'Demo University' },
      project: null,
      cohorts: [{ id: 1, name: 'SPARK' }],
      additional_data: {
        rm_application: { lay_title: 'Bedtime routines', num_participants: 40, age_range: [4, 17] },
      },
    } as unknown as View;
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <PiAndStudyTab request={request} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByText('4–17')).toBeInTheDocument();
    expect(screen.queryByText('4, 17')).toBeNull();
  });
});
