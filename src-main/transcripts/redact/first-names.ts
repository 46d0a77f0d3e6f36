/**
 * Common given names, written for Parley (no external list copied): a word from this list written with a
 * capital letter is taken for a person's first name. Words that are also everyday English words (Will, May,
 * Grace, Mark, Bill, Joy, April, June, Rose, Hope, Faith, Frank, Art, Sunny, ...) are left out on purpose.
 */
const NAMES = `
aaron abby abdul abigail adam adrian ahmed aidan aisha alan albert alejandro alex alexander alexandra alexis alfred
ali alice alicia alison allison alyssa amanda amber amelia amir amy ana andre andrea andrew andy angela angelica
anita ann anna anne annie anthony antonio arjun arthur ashley aubrey audrey austin ava barbara beatriz ben benjamin
bernard beth betty beverly bianca blake bobby bonnie brad bradley brandon brenda brian brianna brittany brooke bruce
bryan caleb cameron camila carl carla carlos carmen carol caroline carolyn carrie casey catherine cecilia chad
charles charlie charlotte chen chloe chris christian christina christine christopher cindy claire clara claudia
cody colin connor craig crystal cynthia daisy dale damian dan daniel daniela danielle darius darren david dean
deborah debra denise dennis derek diana diane diego dimitri dominic donald donna doris dorothy douglas dylan edward
eileen elaine elena eli elijah elizabeth ella ellen emily emma eric erica erik erin esther ethan eugene eva evan
evelyn fatima felix fernando fiona francesca francis gabriel gabriela gail gary gavin george gerald gina gloria
gordon grant greg gregory hailey hannah harold harper harry hassan heather helen henry hiroshi holly howard hugo
ian irene isaac isabel isabella isaiah ivan jack jackson jacob jacqueline jake james jamie jan jane janet janice
jared jasmine jason javier jeffrey jenna jennifer jeremy jerry jesse jessica jesus jill joan joanna joe joel john
johnny jonathan jordan jorge jose joseph joshua juan judith judy julia julian julie justin kai karen karim kate
katherine kathleen kathy katie kayla keith kelly kenji kenneth kevin kim kimberly kyle laura lauren lawrence leah
leo leon leonardo liam lily linda lisa logan lori louis lucas lucia lucy luis luke lydia madison maria
mariana marie marilyn mario marisol martha martin mary mason matthew maya megan melissa mia michael michelle
miguel mila mohammed monica nadia nancy naomi natalie nathan nicholas nicole noah nora olga olivia omar oscar owen
pablo pamela patricia patrick paul paula peter philip priya rachel rafael rahul raj ralph ramon randy raymond
rebecca regina ricardo richard rita robert roberto robin rodrigo roger ronald rosa ruby russell ruth ryan samantha
samuel sandra sara sarah scott sean sebastian sergei sharon shawn sheila sofia sophia sophie stacy stella stephanie
stephen steven susan sylvia tamara tanya tara teresa terry thomas tiffany timothy tina todd tom tony tracy travis
tyler valentina valerie vanessa victor victoria vincent virginia walter wanda wayne wei wendy william xavier yara
yasmin yuki yusuf zachary zoe
`;

export const FIRST_NAMES: ReadonlySet<string> = new Set(NAMES.split(/\s+/).filter(Boolean));
