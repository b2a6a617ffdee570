/** Demo data: real classics so the catalogue reads like one, and names for the user list. */

export const GENRES: ReadonlyArray<{ name: string; color: string }> = [
  { name: 'Adventure', color: '#d97706' },
  { name: 'Classic', color: '#7c3aed' },
  { name: 'Fantasy', color: '#059669' },
  { name: 'Mystery', color: '#1d4ed8' },
  { name: 'Philosophy', color: '#475569' },
  { name: 'Romance', color: '#db2777' },
  { name: 'Science Fiction', color: '#0891b2' },
  { name: 'Horror', color: '#b91c1c' },
  { name: 'Poetry', color: '#65a30d' },
];

type DemoBook = readonly [title: string, author: string, genre: string, publisher?: string];

export const BOOKS: ReadonlyArray<DemoBook> = [
  ['Treasure Island', 'Robert Louis Stevenson', 'Adventure', 'Cassell'],
  ['Kidnapped', 'Robert Louis Stevenson', 'Adventure', 'Cassell'],
  ['Strange Case of Dr Jekyll and Mr Hyde', 'Robert Louis Stevenson', 'Horror', 'Longmans'],
  ['The Count of Monte Cristo', 'Alexandre Dumas', 'Adventure'],
  ['The Three Musketeers', 'Alexandre Dumas', 'Adventure'],
  ['Twenty Thousand Leagues Under the Seas', 'Jules Verne', 'Science Fiction', 'Hetzel'],
  ['Around the World in Eighty Days', 'Jules Verne', 'Adventure', 'Hetzel'],
  ['Journey to the Centre of the Earth', 'Jules Verne', 'Science Fiction', 'Hetzel'],
  ['The Mysterious Island', 'Jules Verne', 'Adventure', 'Hetzel'],
  ['Robinson Crusoe', 'Daniel Defoe', 'Adventure'],
  ["Gulliver's Travels", 'Jonathan Swift', 'Classic'],
  ['Moby-Dick', 'Herman Melville', 'Adventure', 'Harper & Brothers'],
  ['The Call of the Wild', 'Jack London', 'Adventure', 'Macmillan'],
  ['White Fang', 'Jack London', 'Adventure', 'Macmillan'],
  ['Pride and Prejudice', 'Jane Austen', 'Romance', 'T. Egerton'],
  ['Sense and Sensibility', 'Jane Austen', 'Romance', 'T. Egerton'],
  ['Emma', 'Jane Austen', 'Romance', 'John Murray'],
  ['Persuasion', 'Jane Austen', 'Romance', 'John Murray'],
  ['Jane Eyre', 'Charlotte Brontë', 'Romance', 'Smith, Elder & Co.'],
  ['Wuthering Heights', 'Emily Brontë', 'Romance', 'Thomas Cautley Newby'],
  ['Anna Karenina', 'Leo Tolstoy', 'Classic', 'The Russian Messenger'],
  ['War and Peace', 'Leo Tolstoy', 'Classic', 'The Russian Messenger'],
  ['Crime and Punishment', 'Fyodor Dostoevsky', 'Classic', 'The Russian Messenger'],
  ['The Brothers Karamazov', 'Fyodor Dostoevsky', 'Classic', 'The Russian Messenger'],
  ['Les Misérables', 'Victor Hugo', 'Classic', 'A. Lacroix'],
  ['The Hunchback of Notre-Dame', 'Victor Hugo', 'Classic', 'Gosselin'],
  ['Madame Bovary', 'Gustave Flaubert', 'Classic', 'Michel Lévy'],
  ['Great Expectations', 'Charles Dickens', 'Classic', 'Chapman & Hall'],
  ['A Tale of Two Cities', 'Charles Dickens', 'Classic', 'Chapman & Hall'],
  ['Oliver Twist', 'Charles Dickens', 'Classic', 'Richard Bentley'],
  ['David Copperfield', 'Charles Dickens', 'Classic', 'Bradbury & Evans'],
  ['Middlemarch', 'George Eliot', 'Classic', 'William Blackwood'],
  ['The Picture of Dorian Gray', 'Oscar Wilde', 'Horror', 'Ward, Lock & Co.'],
  ['Frankenstein', 'Mary Shelley', 'Horror', 'Lackington'],
  ['Dracula', 'Bram Stoker', 'Horror', 'Archibald Constable'],
  ['The Legend of Sleepy Hollow', 'Washington Irving', 'Horror'],
  ['The Fall of the House of Usher', 'Edgar Allan Poe', 'Horror'],
  ['The Murders in the Rue Morgue', 'Edgar Allan Poe', 'Mystery'],
  ['The Hound of the Baskervilles', 'Arthur Conan Doyle', 'Mystery', 'George Newnes'],
  ['A Study in Scarlet', 'Arthur Conan Doyle', 'Mystery', 'Ward, Lock & Co.'],
  ['The Sign of the Four', 'Arthur Conan Doyle', 'Mystery', 'Spencer Blackett'],
  ['The Moonstone', 'Wilkie Collins', 'Mystery', 'Tinsley Brothers'],
  ['The Woman in White', 'Wilkie Collins', 'Mystery', 'Sampson Low'],
  ['The Time Machine', 'H. G. Wells', 'Science Fiction', 'Heinemann'],
  ['The War of the Worlds', 'H. G. Wells', 'Science Fiction', 'Heinemann'],
  ['The Invisible Man', 'H. G. Wells', 'Science Fiction', 'Pearson'],
  ['The Island of Doctor Moreau', 'H. G. Wells', 'Science Fiction', 'Heinemann'],
  ['The Lost World', 'Arthur Conan Doyle', 'Science Fiction', 'Hodder & Stoughton'],
  ["Alice's Adventures in Wonderland", 'Lewis Carroll', 'Fantasy', 'Macmillan'],
  ['Through the Looking-Glass', 'Lewis Carroll', 'Fantasy', 'Macmillan'],
  ['The Wonderful Wizard of Oz', 'L. Frank Baum', 'Fantasy', 'George M. Hill'],
  ['Peter Pan', 'J. M. Barrie', 'Fantasy', 'Hodder & Stoughton'],
  ['The Jungle Book', 'Rudyard Kipling', 'Fantasy', 'Macmillan'],
  ['The Princess and the Goblin', 'George MacDonald', 'Fantasy', 'Strahan & Co.'],
  ['Meditations', 'Marcus Aurelius', 'Philosophy'],
  ['The Republic', 'Plato', 'Philosophy'],
  ['Thus Spoke Zarathustra', 'Friedrich Nietzsche', 'Philosophy', 'Ernst Schmeitzner'],
  ['Candide', 'Voltaire', 'Philosophy', 'Cramer'],
  ['Leaves of Grass', 'Walt Whitman', 'Poetry'],
  ['The Divine Comedy', 'Dante Alighieri', 'Poetry'],
  ['Paradise Lost', 'John Milton', 'Poetry', 'Samuel Simmons'],
  ['Les Fleurs du mal', 'Charles Baudelaire', 'Poetry', 'Poulet-Malassis'],
];

export const FIRST_NAMES = [
  'Amina', 'Bruno', 'Chloé', 'Dalia', 'Émile', 'Fatma', 'Gabriel', 'Hana', 'Idris', 'Jade',
  'Kofi', 'Léa', 'Malik', 'Nadia', 'Omar', 'Paula', 'Quentin', 'Rania', 'Samuel', 'Tariq',
  'Ulla', 'Victor', 'Wanjiru', 'Xavier', 'Yasmin', 'Zuri', 'Aïcha', 'Baraka', 'Camille', 'Didier',
];

export const LAST_NAMES = [
  'Mwangi', 'Dupont', 'Haddad', 'Okafor', 'Martin', 'Benali', 'Njoroge', 'Lefèvre', 'Mansour', 'Achieng',
  'Moreau', 'Karimi', 'Otieno', 'Girard', 'Saleh', 'Wambui', 'Fournier', 'Nasser', 'Kamau', 'Rousseau',
];

/** Words for the large synthetic catalogue used by benchmarks (`--books N`). */
export const TITLE_WORDS = [
  'Silent', 'Golden', 'Hidden', 'Broken', 'Distant', 'Crimson', 'Forgotten', 'Burning', 'Frozen', 'Wandering',
  'River', 'Empire', 'Garden', 'Shadow', 'Harbor', 'Mountain', 'Letter', 'Journey', 'Kingdom', 'Promise',
];
