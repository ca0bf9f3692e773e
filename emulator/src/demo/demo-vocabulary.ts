/**
 * The values the demo clean room draws from: UK regions, interests, newspaper sections, jobs
 * and names. Weights are rough shares, chosen so that every query form has something to show
 * (a few small bins to be redacted, a long tail for TOPN).
 */
export const FIRST_NAMES = [
  'olivia', 'amelia', 'isla', 'ava', 'mia', 'ivy', 'lily', 'isabella', 'rosie', 'sophia',
  'grace', 'freya', 'willow', 'emily', 'ella', 'poppy', 'evie', 'daisy', 'sienna', 'harper',
  'noah', 'oliver', 'george', 'arthur', 'muhammad', 'leo', 'harry', 'oscar', 'archie', 'henry',
  'theo', 'freddie', 'jack', 'charlie', 'thomas', 'jacob', 'alfie', 'finley', 'isaac', 'joshua',
  'aisha', 'priya', 'zara', 'omar', 'ravi', 'niamh', 'cerys', 'rhys', 'ewan', 'callum',
] as const;

export const LAST_NAMES = [
  'smith', 'jones', 'taylor', 'brown', 'williams', 'wilson', 'johnson', 'davies', 'patel', 'robinson',
  'wright', 'thompson', 'evans', 'walker', 'white', 'roberts', 'green', 'hall', 'thomas', 'clarke',
  'jackson', 'wood', 'harris', 'edwards', 'turner', 'martin', 'cooper', 'hill', 'ward', 'hughes',
  'khan', 'ali', 'campbell', 'stewart', 'murray', 'macdonald', 'kelly', 'morgan', 'price', 'lewis',
] as const;

export const EMAIL_DOMAINS = ['example.com', 'example.co.uk', 'mail.example.org', 'post.example.net'] as const;

export const REGIONS = [
  'London', 'South East', 'South West', 'East of England', 'Midlands', 'North',
  'North West', 'Yorkshire', 'Wales', 'Scotland', 'Northern Ireland',
] as const;
export const REGION_WEIGHTS = [16, 14, 9, 9, 16, 8, 11, 8, 5, 8, 3];

export const GENDERS = ['Female', 'Male', 'Other'] as const;
export const GENDER_WEIGHTS = [49, 48, 3];

export const INTERESTS = [
  'Cycling', 'Running', 'Football', 'Cooking', 'Travel', 'Gaming', 'Gardening', 'Fashion',
  'Music', 'Film', 'Fitness', 'Photography', 'Reading', 'Motorsport', 'Climbing',
] as const;
export const INTEREST_WEIGHTS = [9, 8, 14, 10, 11, 9, 6, 7, 9, 6, 5, 3, 4, 2, 1];

/** Newspaper sections: a long, skewed tail so that TOPN has a clear top and many stragglers. */
export const SECTIONS = [
  'Premier League', 'Politics', 'Recipes', 'Technology', 'Travel', 'Money', 'Weather', 'Crime',
  'Celebrity', 'Health', 'Science', 'Business', 'Cricket', 'Rugby', 'Tennis', 'Formula 1',
  'Cycling', 'Golf', 'Boxing', 'Film Reviews', 'TV Guide', 'Music', 'Books', 'Theatre', 'Art',
  'Fashion', 'Beauty', 'Property', 'Motoring', 'Education', 'Parenting', 'Pets', 'Gardening',
  'Puzzles', 'Crosswords', 'Horoscopes', 'Obituaries', 'Letters', 'Opinion', 'World News',
  'UK News', 'Local News', 'Environment', 'Energy', 'Space', 'Gaming', 'Gadgets', 'Cars',
  'Holidays', 'Food & Drink', 'Wine', 'Fitness', 'Running', 'Outdoors', 'Royal Family',
  'Scotland', 'Wales', 'Northern Ireland', 'Europe', 'US News', 'Asia', 'Africa', 'Markets',
  'Personal Finance', 'Pensions', 'Jobs', 'Careers', 'Students', 'Lottery', 'Competitions',
] as const;

export const JOBS = [
  'Teacher', 'Nurse', 'Engineer', 'Retail Assistant', 'Software Developer', 'Accountant',
  'Student', 'Retired', 'Driver', 'Manager', 'Chef', 'Self-employed', 'Electrician', 'Doctor',
] as const;
export const JOB_WEIGHTS = [8, 7, 6, 9, 6, 5, 10, 16, 6, 9, 4, 8, 4, 2];

export const AGE_GROUPS = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;

export const DEVICE_TYPES = ['Mobile', 'Desktop', 'Tablet'] as const;
export const DEVICE_TYPE_WEIGHTS = [62, 28, 10];

export const ACCOUNT_TYPES = ['Current', 'Savings', 'Premium', 'Student'] as const;
export const ACCOUNT_TYPE_WEIGHTS = [55, 25, 12, 8];

export const POLICY_TYPES = ['Car', 'Home', 'Life', 'Pet', 'Travel'] as const;
export const POLICY_TYPE_WEIGHTS = [40, 30, 12, 10, 8];

export const AUDIENCE_SEGMENTS = ['Sports Fans', 'Foodies', 'Commuters', 'Families', 'Tech Enthusiasts'] as const;

export const YES_NO = ['Yes', 'No'] as const;

/** Five-year bins from 18 to 88 and ten-year bins from 18 to 88: every generated age falls in both. */
export const FIVE_YEAR_BINS = Array.from({ length: 15 }, (_, i) => 18 + 5 * i);
export const TEN_YEAR_BINS = Array.from({ length: 8 }, (_, i) => 18 + 10 * i);
export const INCOME_BANDS = [0, 20000, 40000, 60000, 100000, 250000, 1000000];
export const CREDIT_SCORE_BANDS = [300, 500, 600, 700, 800, 900];
