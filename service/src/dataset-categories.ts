/**
 * How List Datasets is read: each dataset's `stats.categories` as the array datasets repeat
 * (datasets on one global schema list the same categories, most of a 70 MB answer), its
 * categories checked once per distinct text and shared between datasets (read-items-streamed).
 */
import type { Category, Dataset } from '../../common/api';
import { api } from './lazy-api';
import type { SharedArray } from './read-items-streamed';

export const DATASET_CATEGORIES: SharedArray<Dataset, Category> = {
  path: ['stats', 'categories'],
  // A getter: the schema is built when List Datasets is first read, not when this module loads.
  get elementSchema() {
    return api().CategorySchema;
  },
  // The checked dataset is zod's own new object, made for this call: the categories are put in
  // place rather than the dataset and its stats copied again, 10,000 times in a large catalog.
  attach: (dataset, categories) => {
    if (dataset.stats !== undefined) dataset.stats.categories = categories;
    return dataset;
  },
};
