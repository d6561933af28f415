import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CircleOutlined from '@mui/icons-material/CircleOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import TaskOutlined from '@mui/icons-material/TaskOutlined';
import TopicOutlined from '@mui/icons-material/TopicOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';

/** Icon names used by visibleMenu (contracts) mapped to Material icons. */
const icons: Record<string, typeof DashboardOutlined> = {
  dashboard: DashboardOutlined,
  assignment: AssignmentOutlined,
  library: LibraryBooksOutlined,
  quiz: QuizOutlined,
  topic: TopicOutlined,
  bolt: BoltOutlined,
  history: HistoryOutlined,
  help: HelpOutlineOutlined,
  account_tree: AccountTreeOutlined,
  task: TaskOutlined,
  school: SchoolOutlined,
  people: PeopleOutlined,
  mail: MailOutlined,
  settings: SettingsOutlined,
  badge: BadgeOutlined,
  business: BusinessOutlined,
  sell: SellOutlined,
  key: KeyOutlined,
  tune: TuneOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = icons[name] ?? CircleOutlined;
  return <Icon fontSize="small" />;
}
