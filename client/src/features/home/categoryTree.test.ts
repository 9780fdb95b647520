// Building the category tree from the flat gateway list.

import { categories } from '../../../test/fixtures';
import { buildCategoryTree, categoryPath } from './categoryTree';

describe('buildCategoryTree', () => {
  it('nests the flat list under the verticals in the order given', () => {
    const tree = buildCategoryTree(categories('fr'));
    expect(tree.map((node) => node.category.id)).toEqual([10000, 20000, 30000, 50000]);
    const vehicles = tree[1];
    expect(vehicles?.children.map((node) => node.category.name)).toEqual(['Voitures', 'Pièces et accessoires']);
    expect(vehicles?.children[1]?.children.map((node) => node.category.name)).toEqual(['Pièces auto', 'Pièces moto']);
  });

  it('leaves out categories whose parent is missing', () => {
    const list = categories('fr').filter((category) => category.id !== 2030);
    const vehicles = buildCategoryTree(list)[1];
    expect(vehicles?.children.map((node) => node.category.id)).toEqual([2010]);
  });

  it('links to the slug in the page language', () => {
    const apartments = categories('ar').find((category) => category.id === 1010);
    if (!apartments) throw new Error('fixture lacks apartments');
    expect(categoryPath('fr', apartments)).toBe('/maroc/appartements');
    expect(categoryPath('ar', apartments)).toBe(`/ar/${encodeURIComponent('المغرب')}/${encodeURIComponent('شقق')}`);
  });
});
