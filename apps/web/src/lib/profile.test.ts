import { describe, expect, it } from 'vitest';
import type { UserProfileDto } from '@rrp/domain';
import { profileAnswers, profileChanges } from './profile';

const profile = {
  id: 1,
  title: 'Professor',
  address: '1 Lab Way',
  city: null,
  phone_number: '555-0100',
  shipping_vendor: 'FedEx',
} as unknown as UserProfileDto;

describe('the profile in the wizard', () => {
  it('fills the shipping and contact answers the profile knows', () => {
    expect(profileAnswers(profile)).toEqual({
      title: 'Professor',
      address: '1 Lab Way',
      phone_number: '555-0100',
      shipping_vendor: 'FedEx',
    });
    expect(profileAnswers(undefined)).toEqual({});
  });

  it('saves back only the profile fields typed differently, never blanks or other answers', () => {
    expect(
      profileChanges(
        {
          title: 'Professor',
          address: '2 New Street ',
          city: 'Springfield',
          phone_number: '',
          usage: 'Proteomics',
          full_name: 'Rita',
        },
        profile,
      ),
    ).toEqual({ address: '2 New Street', city: 'Springfield' });
  });
});
