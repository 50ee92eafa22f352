import { describe, expect, test } from 'vitest';
import { pastImagesUpdate } from '../../functions/domain/cards/past-images.ts';

// Replaced photos stay listed on the card (V2 and legacy), so the DSGVO export and erasure find them.
describe('pastImagesUpdate', () => {
  test('lists a replaced or cleared photo once, keeps what was listed, writes nothing when nothing was replaced', () => {
    expect(pastImagesUpdate({ image: 'a.jpg', imageWallet: 'w.png' }, { image: 'b.jpg', imageWallet: 'w.png' })).toEqual({ pastImages: ['a.jpg'] });
    expect(pastImagesUpdate({ image: 'b.jpg', imageWallet: 'w.png', pastImages: ['a.jpg'] }, { image: undefined, imageWallet: 'v.png' })).toEqual({ pastImages: ['a.jpg', 'b.jpg', 'w.png'] });
    expect(pastImagesUpdate({ image: 'b.jpg', pastImages: ['b.jpg'] }, { image: 'c.jpg' })).toEqual({});
    expect(pastImagesUpdate({ image: 'a.jpg' }, { image: 'a.jpg' })).toEqual({});
    expect(pastImagesUpdate({}, { image: 'a.jpg' })).toEqual({});
  });
});
