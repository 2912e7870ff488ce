# Chaupal's interface in Simplified Chinese (zh-Hans), translated from en.ftl.
# Awaiting review by native speakers: see docs/TRANSLATING.md to correct a message.

## 游戏及其双方

game-baghchal = 虎羊棋
game-kalah = 播棋
game-jungle = 斗兽棋
game-sholo-guti = 十六子棋

side-baghchal-first = 羊
side-baghchal-second = 虎
side-kalah-first = 南方
side-kalah-second = 北方
side-jungle-first = 南方
side-jungle-second = 北方
side-sholo-guti-first = 南方
side-sholo-guti-second = 北方

## 连接状态：顶栏和连接页面

connection-offline = 离线：在本设备上下棋
connection-connecting = 正在连接服务器……
connection-reconnecting = 正在重新连接服务器（第 { $attempt } 次）……
connection-online-as = 在线：{ $name }
connection-retrying = { $reason }{ $seconds } 秒后重试。
connection-short-offline = 离线
connection-short-connecting = 连接中……
connection-short-connecting-bare = 连接中
connection-short-reconnecting = 重连中……
connection-short-reconnecting-bare = 重连中
connection-short-online = 在线
connection-short-retrying = 未连接：{ $seconds } 秒后重试
connection-short-retrying-bare = { $seconds } 秒后重试
connection-short-not-connected = 未连接
connection-short-not-allowed = 地址不被允许

## 名字

name-empty = 名字不能为空。
name-too-long = 名字最多 { $count } 个字符。
name-too-many-bytes = 这个名字太长，无法保存。
name-control = 名字不能包含控制字符或换行。
name-bidi = 名字不能包含改变文字方向的字符。
name-invisible = 名字中没有可显示的字符。
name-hidden = 名字不能包含不显示的字符。
name-mixed-scripts = 名字不能同时使用字形相似的两种文字。
name-reserved = 这个名字与电脑玩家的名字太相似。
name-cut = 名字最多 { $count } 个字符：超出的部分已删去。
name-changed = 你现在的名字是 { $name }。
name-not-saved = 无法保存你的名字：{ $why }

## 对手的提议

offer-draw = 对手提出和棋。
offer-takeback = 对手请求悔棋。
offer-rematch = 对手想再来一局。

## 引擎帮助

help-no-game = 屏幕上没有棋局。
help-not-while-watching = 对局进行中不提供引擎帮助：等棋局结束后再分析。
help-not-against-person = 与真人对局时不提供引擎帮助：提示只用于和电脑下棋。
help-needs-server = 提示来自服务器的引擎：连接服务器后才能获取。

## 窗口或标签页的标题

title-your-move = 轮到你走：{ $game } - Chaupal
title-game = { $game } - Chaupal
title-replay = 回放：{ $game } - Chaupal
title-rules = { $game }规则 - Chaupal
title-plain = Chaupal

## 需要服务器却未连接时

needs-server = { $what }需要服务器，而本客户端尚未连接。你可以先在这台设备上下棋，或等待连接。
doing-cancel-seek = 取消约战
doing-exhibition = 观看电脑自我对弈
doing-play-friend = 与好友对弈
doing-join-friend = 加入好友的棋局
doing-accept-seek = 接受约战
doing-watch = 观战
doing-replay-server = 回放服务器上的棋局
doing-play-computer = 与电脑对弈
doing-offer-anyone = 向所有人发起约战
doing-analysis = 分析

## 关于棋局和大厅的提示

notice-type-code-first = 请先输入好友给你的邀请码。
notice-draw-offered = 已提出和棋。
notice-game-goes-on = 你的棋局仍在进行，计时也没有停：可以从大厅的“进行中的棋局”回到棋局。
notice-code-copied = 邀请码已复制到剪贴板：{ $code }
notice-link-copied = 邀请链接已复制到剪贴板：{ $link }
notice-device-link-copied = 链接已复制到剪贴板：请在十分钟内在另一台设备上打开。
notice-device-code-shape = 设备码由八个字母和数字组成，与另一台设备上显示的一样（XXXX-XXXX）。
notice-looking-back-start = 你正在回看开局，这里不能走棋。按 End 键或“最新一步”继续下棋。
notice-looking-back = 你正在回看第 { $ply } 步，这里不能走棋。按 End 键或“最新一步”继续下棋。
notice-link-offline = 这个链接指向服务器上的棋局，而本客户端处于离线状态。
notice-rules-clash = 这些规则不能同时使用：{ $why }
notice-move-refused = 不能这样走：{ $why }
notice-takeback-asked = 你已请求悔棋，由对手决定。
notice-no-takeback = 没有可以悔的棋。
notice-takeback-failed = 悔棋失败：{ $why }
notice-rematch-offered = 已提出再来一局。
notice-no-replay = 无法回放这局棋：{ $why }
notice-device-linked = 这台设备现在以 { $name } 的身份下棋，沿用其棋局和积分。
notice-shared-link-copied = 链接已复制到剪贴板：{ $link }
notice-not-sent = 现在没有连接服务器：需要等连接恢复后才能进行。
notice-invite-ready = 你的私人棋局已准备好。把邀请码 { $code } 告诉好友：对方加入后棋局开始。
notice-seek-open = 你的约战已发布：有人接受后棋局开始。
notice-no-suggestion = 引擎在这里没有可建议的走法。
notice-game-kept = { $reason }你的棋局保留在服务器上：客户端会自动重新连接并继续这局棋。
notice-opponent-lost = 对手断线了。
notice-opponent-lost-claim = 对手断线了。如果对方一直没有回来，你可以在 { $seconds } 秒后判自己获胜。
notice-opponent-back = 对手回来了。
notice-resync = 正在重新同步棋局（{ $why }）。
# 英文里，$who 指多个棋子的一方（虎、羊）时，$many 为 "yes"，用来让动词一致；中文不需要，这里不用它。
notice-draw-offered-by = { $who }提出和棋。
notice-draw-declined = 你的和棋提议被拒绝了。
notice-berserk-you = 你开启了狂暴：用时减半、没有加秒；7 步以上的胜局多得 1 分。
notice-berserk-by = { $who }开启了狂暴：用时减半、没有加秒。
notice-takeback-declined = 你的悔棋请求被拒绝了。
notice-taken-back = 已悔棋 { $count } 步。
notice-rematch-declined = 对方拒绝了再来一局。

## 无效链接的提示卡片

broken-invite = 没有棋局在等待邀请码 { $code }：它可能已被使用或已取消。请向好友要一个新链接。
broken-invite-shape = { $code } 不是邀请码：邀请码由八个字母和数字组成（XXXX-XXXX），与好友的链接中一样。
broken-game = 无法打开棋局 { $id }。（{ $said }）
broken-replay = 无法回放棋局 { $id }。（{ $said }）
broken-device = 设备码 { $code } 无效：每个设备码只能用一次，十分钟内有效。请在另一台设备上获取新的设备码。

## 座位、轮次和结果

who-with-side = { $name }（{ $side }）
seat-rated = { $name }（{ $rating }）
ai-level = AI { $level } 级
# 英文里，$who 是多个棋子的一方（“Tigers”）时，$many 为 "yes"，用来让动词一致；中文不需要，这里不用它。
turn-to-move = 轮到{ $who }走棋
turn-moves-again = { $who }再走一步
status-sending = { $whose }：正在发送这步棋……
status-jump-on = { $whose }：继续跳吃，或点击棋子停下
status-capture-goes-on = { $whose }：必须继续吃子
moves-then = { $first }，然后 { $next }
turn-sowed = { $who }播种 { $moves }
turn-played = { $who }走了 { $moves }
turn-captured = { $turn }，{ $captures }
captures-seeds = 吃掉 { $count } 颗种子
captures-goats = 吃掉 { $count } 只羊
captures-animals = 吃掉 { $count } 只动物
captures-soldiers = 吃掉 { $count } 个兵
counter-goats-placed = 已放的羊
counter-of = { $count } / { $total }
counter-goats-captured = 被吃的羊
counter-tigers-trapped = 被困的虎
counter-store = { $side }的仓
counter-store-seeds = { $store }（坑内 { $houses }）
counter-pieces = { $side }的棋子
counter-moves = 已走步数
result-wins = { $who }获胜
result-draw = 和棋
result-aborted = 已中止
result-with-reason = { $result }：{ $why }
result-draw-agreed-here = 双方同意和棋
reason-resigned = { $side }认输
reason-resignation = 认输
reason-timeout = 超时
reason-agreed = 双方同意
reason-abandoned = 对方离开了棋局
reason-aborted = 棋局被取消
end-capture-target = 虎吃够了羊
end-no-legal-move = 无棋可走
end-repetition = 同一局面第三次出现
end-no-capture-limit = 太多步没有吃子
end-den-entered = 有棋子走进了兽穴
end-all-captured = 对方的棋子全部被吃
end-seeds-counted = 种子已清点

## 计时和电脑玩家

clock-none = 不计时
clock-minutes = { $count } 分钟
clock-seconds = { $count } 秒
clock-increment = { $initial } + { $increment }
engine-named = { $name }，深度 { $depth }

## 服务器拒绝时玩家正在做的事（“加入棋局：……”）

asked-hello = 连接
asked-create = 开始棋局
asked-join = 加入棋局
asked-accept = 接受约战
asked-watch = 观战
asked-rejoin = 回到你的棋局
asked-subscribe = 打开大厅
asked-move = 走棋
asked-hint = 提示
asked-analyse = 分析
asked-finished = 列出你的棋局
asked-record = 载入棋局
asked-review = 复盘
asked-cancel-seek = 取消约战
asked-resign = 认输
asked-berserk = 狂暴
asked-offer-draw = 提和
asked-accept-draw = 同意和棋
asked-decline = 拒绝
asked-takeback = 请求悔棋
asked-accept-takeback = 同意悔棋
asked-offer-rematch = 提出再来一局
asked-accept-rematch = 同意再来一局
notice-no-show = 无法显示这局棋：{ $why }

## 大厅里已结束的棋局

finished-aborted = 已中止
finished-won = { $name } 获胜
finished-draw = 和棋
finished-unfinished = 未完成

## 连接问题

closed-with-code = 服务器关闭了连接。{ $why }
closed-with-reason = 服务器关闭了连接：{ $reason }。
closed = 服务器关闭了连接。
not-reached = { $url } 上的服务器没有响应。它在运行吗？
not-allowed-here = 此服务器不接受来自 { $page } 页面的玩家。请向其管理员询问正确的地址。
not-allowed-here-go = 此服务器不接受来自 { $page } 页面的玩家。请改为打开 { $allowed }。
connection-lost = 与服务器的连接已断开。
refused = { $url } 上的服务器没有响应（那里没有程序在监听）。它在运行吗？
timed-out = { $url } 上的服务器没有及时响应。
connection-cut = 与服务器的连接被切断了。
not-found = 找不到服务器 { $url }：请检查地址。
unreachable = 无法连接到 { $url } 上的服务器（{ $why }）。
tls-failed = 与 { $url } 的安全连接失败（{ $why }）：请确认服务器在那里提供 wss://，且其证书对这个域名有效。
not-chaupal = { $url } 有响应，但它不是 Chaupal 服务器（HTTP { $status }）。
not-accepted = { $url } 上的服务器没有接受连接（{ $why }）。
greeting-late = { $url } 上的服务器没有及时完成握手。
connection-failed = 连接服务器失败（{ $why }）。
connection-broke = 与服务器的连接中断了（{ $why }）。
message-too-large = 服务器发来的消息太大，无法读取。

## 服务器的拒绝

error-while = { $what }：{ $error }
error-version = 本客户端和服务器使用的协议版本不同：请更新客户端。
error-misunderstood = 客户端和服务器没能互相理解（{ $why }）。重新连接应该能解决。
error-bad-device-code = 这个来自另一台设备的设备码无效、已用过或已过期：请在那台设备上获取新的设备码。
error-too-large = 这条消息太大，服务器无法接收。
error-rate-limited = 请求太频繁：请稍等片刻再试。
error-too-many-connections = 这台电脑的连接太多：请关闭另一个 Chaupal 窗口。
error-timeout = 服务器不再等待本客户端；正在重新连接。
error-shutting-down = 服务器正在关闭；它恢复后客户端会重新连接。
error-unknown-token = 服务器不认识这台电脑上的玩家，你将以新玩家的身份继续。
error-bad-name = 服务器不接受这个名字：{ $why }。
error-too-many-games = 你的棋局和约战已达到服务器允许的上限：请先下完或取消一个。
error-no-such-seek = 这个约战已经不在了：已被别人接受或已取消。
error-bad-invite-code = 没有棋局使用这个邀请码：请和好友核对一下。
error-bad-rules = 服务器不接受这些规则：{ $why }。
error-bad-setup = 服务器无法创建这局棋：{ $why }。
error-no-such-game = 这局棋已经不在服务器上了。
error-no-such-player = 没有这个玩家。
error-not-your-seat = 这不是你在这局棋中的座位。
error-not-your-turn = 现在轮到对方，不是你。
error-stale-move = 你的这步棋送达之前棋局已经继续，所以没有走；棋盘显示的是棋局现在的样子。
error-illegal-move = 服务器拒绝了这步棋：{ $why }。
error-game-over = 棋局已经结束。
error-no-offer = 已经没有需要回应的提议了。
error-not-allowed = 现在不能这样做：{ $why }。
error-ai-busy = 电脑玩家都在忙：请稍后再试。
error-ai-error = 电脑玩家出错了：{ $why }。
error-bad-record = 无法读取这份棋谱：{ $why }。
error-not-finished = 棋局结束后才能复盘。
error-private-game = 这是别人的私人棋局：只有对局双方和收到链接的人可以观看。
error-too-many-reviews = 服务器同时进行的复盘已达上限：请等其中一个完成后再试。
error-storage = 服务器无法保存，没有任何改动。请再试一次。
error-unavailable = 棋局正在转移到另一台服务器，没有任何改动。请稍后再试。
error-outcome-unknown = 棋局的服务器在回复之前停止了；棋盘会显示你的这步棋是否已走。
error-internal = 服务器出了问题，没有任何改动。请再试一次。
error-no-such-tournament = 没有这个积分战，或邀请码不对：请检查链接。
error-tournament-over = 这个积分战已经结束。
error-already-entered = 你已经加入了这个积分战。
error-not-entered = 你没有加入这个积分战。

## 复盘

review-server-only = 复盘由服务器的引擎完成：只有在服务器上下的棋局才能复盘。
doing-review = 复盘
doing-play-from-here = 从这里开始与电脑对弈
review-misfit = 复盘包含 { $covered } 步，而这局棋有 { $moves } 步：无法显示。
review-over-here = 这个局面棋局已经结束：请选一个更早的步数，从那里开始下。
review-asking = 正在向服务器请求复盘……
review-analysing = 正在分析局面：{ $analysed } / { $total }

## 服务器地址和客户端自身的问题

address-not-ws = { $url } 不是服务器地址：应该类似 ws://127.0.0.1:7878（加密连接则为 wss://example.org）
address-with-user = { $url }：服务器地址不能包含用户名或密码
address-bad-port = { $url }：“{ $port }”不是端口号
address-unclosed = { $url }：[ ] 中的地址没有闭合
address-trailing = { $url }：地址后面的“{ $after }”无法识别
address-no-server = { $url } 没有指明服务器
problem-no-thread = 客户端无法启动网络线程（{ $detail }）。
problem-unreadable = 服务器发来了本客户端无法读取的内容（{ $detail }）。
problem-not-sent = 无法发送这个请求（{ $detail }）。

## 连接页面

connect-title-offline = 你已离线
connect-title-unreachable = 无法连接服务器
connect-title-not-allowed = 此地址不被允许
connect-title-connecting = 正在连接服务器
connect-about = 在本设备上两人轮流下棋不需要联网；与好友对弈、与电脑对弈和观战则需要联网。
connect-no-network = 这台设备没有网络。网络恢复后，客户端会自动连接。
connect-try-now = 立即重试
connect-play-offline = 离线下棋

## 规则选项、规则页面和操作方法

rule-captures-to-win = 获胜所需吃子数
rule-repetition = 重复局面
rule-pits = 每方坑数
rule-seeds = 每坑种子数
rule-empty-capture = 孤子入仓
rule-board = 棋盘
rule-capture = 吃子
rules-baghchal-1 = 四只虎在 5 x 5 的线格棋盘上围捕二十只羊。
rules-baghchal-2 = 羊先走。羊还没放完时，每次轮到羊就在任意一个空点上放一只羊；二十只全部放下后，羊沿着线走到相邻的空点。
rules-baghchal-3 = 虎沿着线走一步，或者跳过紧挨着它的一只羊，落到这只羊正后方的空点上，把它吃掉。虎不能跳过虎；吃不吃可以自己决定。
rules-baghchal-4 = 斜线只经过隔一个的点，以棋盘上画出的线为准。
rules-baghchal-5 = 虎吃掉第五只羊就获胜（可在规则选项中更改）。轮到虎走时，如果虎全被困住、无路可走，羊获胜。
rules-baghchal-6 = 同一局面第三次出现为和棋（也可以选择：羊全部放下后，完全不许重复局面）。
rules-kalah-1 = 每方有一排坑，右端有一个仓；开始时每个坑里的种子数相同。
rules-kalah-2 = 轮到你时，拿出你的一个坑里的全部种子，沿逆时针方向一颗一颗播下：先是你的坑，再是你的仓，然后是对方的坑（从不播进对方的仓）。
rules-kalah-3 = 最后一颗种子落进你自己的仓：再走一步。
rules-kalah-4 = 最后一颗种子落进你自己的一个空坑：这颗种子和对面坑里的所有种子都放进你的仓（前提是对面坑里有种子）。
rules-kalah-5 = 任何一方的坑全部空了时，双方各自把剩下的种子放进自己的仓。种子多的一方获胜。
rules-jungle-1 = 每方有八只动物，大的吃小的：象 8、狮 7、虎 6、豹 5、狼 4、狗 3、猫 2、鼠 1。
rules-jungle-2 = 每步向前、向后或向左右走一格。不能走进自己的兽穴。
rules-jungle-3 = 只有鼠能下水。狮和虎可以沿直线跳过河，但中间有鼠挡着时不能跳。
rules-jungle-4 = 走到同级或更低级的敌方动物所在的格子，就能吃掉它；鼠能吃象，但象不能吃鼠。水里和岸上的动物不能互吃。
rules-jungle-5 = 敌方动物在你方的陷阱里时，你的任何动物都能吃掉它。
rules-jungle-6 = 走进敌方兽穴，或吃掉敌方全部动物，就能获胜。小棋盘是 5 x 7 的版本，每方四只动物。
rules-sholo-guti-1 = 每方十六个兵，棋盘共 37 个点：中间是 5 x 5 的方阵，两端各有一个三角形。
rules-sholo-guti-2 = 兵沿着线走到相邻的空点。
rules-sholo-guti-3 = 吃子时，兵沿线跳过紧挨着它的敌兵，落到其正后方的空点上；吃子后，同一个兵可以朝任意方向继续跳吃，也可以在任何一次吃子后停下。
rules-sholo-guti-4 = 选项：必须吃子，并且能连吃时必须一直连吃下去。
rules-sholo-guti-5 = 吃掉敌方全部的兵，或者让对方无棋可走，就能获胜。同一局面出现三次，或连续 200 步没有吃子，为和棋。
example-baghchal = c3 的虎沿线跳过 d3 的羊，落在 e3：这只羊被吃掉。它也可以吃 b3 或 c2 的羊。
example-kalah = 南方从 3 号坑播种：4、5、6 号坑各放一颗，最后一颗落进南方的仓，所以南方再走一步。
example-jungle = c3 的狮跳过河，到达 c7。如果有鼠在河里挡路，就不能跳。
example-sholo-guti = c4 的兵跳过 c5，再跳过 d6：一步吃掉两个兵。它也可以停在 c6。
how-baghchal = 点击一个空点放一只羊。把棋子拖到标出的点，或者先点棋子再点那个点。
how-kalah = 点击你的一个坑来播种。
how-jungle = 把动物拖到标出的格子，或者先点动物再点那个格子。
how-sholo-guti = 把兵拖到标出的点，或者先点兵再点那个点；连吃时依次点击每个落点，或再点一下这个兵停下。
rule-value-on = 开
rule-value-off = 关
rule-value-draw = 和棋
rule-value-forbidden = 禁止
rule-value-standard = 标准
rule-value-small = 小
rule-value-optional = 可选
rule-value-compulsory = 必须
rule-changed = { $rule }：{ $value }

## 多个页面共用

back = 返回
rules-here = 操作方法
game-with-rules = { $game }（{ $rules }）
hint-best-move = 最佳走法：{ $best }
hint-chances = { $side }胜率 { $percent }%
moves-none = 还没有走棋
brand = Chaupal
screen-connecting = 连接中
screen-lobby = 大厅
screen-review = 复盘
screen-replay = 回放
screen-rules = { $game }规则
replay = 回放
rematch = 再来一局
review = 复盘
lobby = 大厅

## 大厅

broken-title = 这个链接无效
broken-to-lobby = 前往大厅
close = 关闭
copy-link = 复制链接
copy-code = 复制邀请码
invite-title = 你的私人棋局已准备好
invite-note = 对方加入后棋局开始。你可以关闭这张卡片：邀请码会保留在大厅里。
invite-send-link = 把这个链接发给好友：
invite-or-code = 或者告诉对方这个邀请码：
invite-code = 把这个邀请码告诉好友：
invitation-title = 棋局邀请
invitation-from = { $name } 邀请你下一局{ $game }。
invitation-pace = 用时：{ $pace }
invitation-rated = 积分：结果计入你的积分。
invitation-casual = 休闲：不改变积分。
invitation-you-play = 你执{ $side }。
invitation-sides-random = 双方由随机决定。
invitation-rules = 改变的规则：
broken-invite-own = 这是你自己的邀请：把链接发给好友，对方接受后棋局开始。
notice-invitation-declined = { $name } 拒绝了你的邀请（{ $code }）。
devices-title = 在另一台设备上下棋
devices-note = 在另一台设备上打开链接，或在那里的“在另一台设备上下棋”中输入这个码。它只能用一次，在接下来的 { $minutes } 分钟内有效。
devices-asking = 正在向服务器请求设备码……
devices-enter = 有另一台设备给的码吗？输入它，就能在这里以那位玩家的身份下棋：
devices-use-code = 使用此码
lists-seeks = 公开约战
lists-not-connected = 没有连接服务器。连接后，这里会显示公开约战和可以观看的对局。
lists-no-seeks = 现在没有人在等待对局。
lists-no-clock = 不计时
lists-rated = 积分
lists-casual = 休闲
lists-your-seek = { $who }（你的约战）
lists-cancel = 取消
lists-play = 下棋
lists-live = 进行中的棋局
lists-no-live = 现在没有正在进行的棋局。
lists-versus = { $first } 对 { $second }
lists-exhibition = { $game }（AI 对 AI）
lists-at-move = 第 { $count } 步
lists-resume = 继续
lists-watch = 观战
lists-finished = 你下完的棋局
lists-no-finished = 你在服务器上下完的棋局可以在这里回放。
lists-moves = { $count } 步
choices-both-here = 双方都在这个屏幕前：在棋盘上轮流走棋。
choices-seek-listed = 你的约战会显示在每个人的大厅里；有人接受后棋局开始。
choices-sound-on = 声音：开
choices-sound-off = 声音：关
choices-change-name = 改名
choices-you = 你
choices-you-named = 你：{ $name }
choices-name = 名字
choices-keep = 保存
choices-name-hint = 你的名字
choices-game = 选择游戏
mode-here = 本设备
mode-computer = 电脑
mode-friend = 好友
mode-anyone = 任何人
choices-you-play = 你执
choices-either = 随机
level-of = { $level }/{ $levels } 级（{ $rating }）
engine-level = 等级 1–{ $levels }
choices-engine = 引擎
choices-level = 等级
choices-depth = 深度
choices-exhibition = 观看电脑自我对弈
choices-your-code = 邀请码：
choices-friends-code = 好友的邀请码：
choices-join = 加入
choices-code-hint = 好友的邀请码
choices-rules = 规则
start-here = 开始对局
start-computer = 与电脑对弈
start-friend = 创建私人棋局
start-anyone = 发起约战
choices-clock = 计时
choices-increment = 每步加秒
choices-increment-value = +{ $count } 秒
choices-untimed = 不计时
choices-casual = 休闲
choices-rated = 积分
choices-no-clock = 无

## 对局页面

player-computer = 电脑
player-to-move = 轮到走棋
play-latest = 最新一步
play-back = < 上一步
play-forward = 下一步 >
play-more = 更多
play-stop-chain = 在此停止连吃
play-resign-yes = 确定认输
play-keep-playing = 继续下棋
play-accept = 接受
play-decline = 拒绝
play-flip = 翻转棋盘
play-analyse = 分析
play-take-back = 悔棋
play-hint = 提示
play-offer-draw = 提和
play-resign = 认输
play-berserk = 狂暴
play-share = 分享
play-resign-question = 要认输吗？这局会算你输。
looking-at-start = 开局
looking-at-move = 第 { $ply } 步（共 { $count } 步）
looking-back = 正在回看{ $at }。这里不能走棋：按 End 键或“{ play-latest }”返回。
game-number = 棋局 { $id }
you-are-watching = 你正在观战（共 { $count } 人）
watching-count = { $count } 人观战

## 回放和复盘

replay-start = 开局
replay-after-move = 第 { $ply } 步后（共 { $count } 步）
replay-play = 播放
replay-pause = 暂停
replay-play-from-here = 从这里开始与 AI 对弈
replay-play-from-here-short = 从这里对弈
review-accuracy = 准确率：{ $figures }
review-ahead = { $side }领先
review-legend-mistake = 错误
review-legend-blunder = 大错
# 英文里，$side 是多个棋子的一方（“Goats”）时，$many 为 "yes"（“Goats' winning chance”）；中文不需要，这里不用它。
review-graph-caption = { $side }的胜率
review-move-shown = 当前这步
review-graph-first-move = 第 { $count } 步
review-end = 棋局结束。
review-step-back = 往回翻，查看每一步的评价。
review-slips = { $count ->
    [0] { $side }：没有失误
   *[other] { $side }：{ $count } 次失误
}

## 本设备上的问题

problem-settings = 无法读取或保存你的设置：{ $detail }
problem-settings-invalid = 保存的设置无效（{ $detail }），将被替换。
problem-no-storage = 这个浏览器不为本页面保存任何内容（是否处于隐私模式？）。
problem-no-copy = 这个浏览器无法复制；内容如下：{ $text }
problem-not-web-address = { $url } 不是网址。
problem-no-browser = 无法在浏览器中打开 { $url }（{ $detail }）。
problem-popup = 浏览器没有打开 { $url }（是否被弹窗拦截了？）。
problem-font = 无法读取字体：{ $detail }
review-a-win = 胜局
review-a-draw = 和局
review-a-loss = 败局
review-house = { $house } 号坑
value-has-won = 已获胜
value-has-lost = 已落败
value-wins-in = { $count } 步内获胜
value-loses-in = { $count } 步内落败
value-draw = 和棋
value-level = 持平
value-wins-by = 净胜 { $count } 颗种子
value-loses-by = 净输 { $count } 颗种子
noun-the-win = 胜局
noun-the-loss = 败局
noun-win-in = { $count } 步内必胜
noun-loss-in = { $count } 步内必败
noun-win-by = 净胜 { $count } 颗
noun-loss-by = 净输 { $count } 颗
# 英文里，$side 是多个棋子的一方（“Goats”）时，$many 为 "yes"，用来让词语一致；中文不需要，这里不用它。
standing-chance = { $side }的胜率：{ $percent }。
standing-draw = 双方最佳走法下为和棋。
standing-level = 持平：双方最佳走法下为和棋。
standing-has-won = { $side }已获胜。
standing-has-lost = { $side }已落败。
standing-wins-in = { $side }在 { $count } 步内获胜。
standing-loses-in = { $side }在 { $count } 步内落败。
standing-wins-by = { $side }净胜 { $count } 颗种子。
standing-loses-by = { $side }净输 { $count } 颗种子。
class-best = 最佳走法
class-good = 好棋
class-inaccuracy = 欠佳
class-mistake = 错误
class-blunder = 大错
slip = { $ply }. { $move }：{ $what }
slip-better = { $ply }. { $move }：{ $what }；更好的是 { $best }
slip-turned = 由{ $before }变为{ $after }
slip-gave-away = 丢掉了 { $points }% 胜率
accuracy-side = { $side } { $value }
accuracy-line = { $first } · { $second }
verdict-head = { $ply }. { $move }：{ $class }
verdict-turned-kept-win = 由{ $before }变为{ $after }；改走 { $better } 可以保住胜局。
verdict-turned-kept-draw = 由{ $before }变为{ $after }；改走 { $better } 可以保住和局。
verdict-turned = 由{ $before }变为{ $after }；更好的是 { $better }。
verdict-wins-too = 同样 { $count } 步内获胜，和 { $better } 一样。
verdict-wins-slower = { $count } 步内获胜，而不是 { $was } 步；更快的是 { $better }。
verdict-loses-anyway = 仍会在 { $count } 步内落败，和 { $better } 一样。
verdict-loses-sooner = { $count } 步内落败，而不是 { $was } 步；改走 { $better } 能坚持更久。
verdict-wins-by-less = 净胜 { $count } 颗，而不是 { $was } 颗；更好的是 { $better }。
verdict-loses-by-more = 净输 { $count } 颗，而不是 { $was } 颗；更好的是 { $better }。
verdict-values = 现在是{ $after }，而不是{ $before }；更好的是 { $better }。
verdict-compared = （{ $was }，而非 { $is }）
verdict-little = 丢掉的胜率不到 1%；稍好一点的是 { $better }{ $values }。
verdict-gave-away = 丢掉了 { $points }% 的胜率；更好的是 { $better }{ $values }。
problem-not-utf8 = 服务器发来的文本不是 UTF-8 编码。
piece-label-goat = 羊
piece-label-tiger = 虎
tray-in-hand = 待放：{ $count }
tray-captured = 被吃：{ $count }/{ $total }

## 斗兽棋的动物，即棋盘上棋子的标记（一两个字母，或一个汉字）

animal-rat = 鼠
animal-cat = 猫
animal-dog = 狗
animal-wolf = 狼
animal-leopard = 豹
animal-tiger = 虎
animal-lion = 狮
animal-elephant = 象
move-field-label = 输入着法，或输入 ? 查看帮助

## 无需看屏幕或不用鼠标下棋：走法输入框、棋盘光标，以及屏幕阅读器读出的内容

typed-not-legal = “{ $typed }”在这里不是合法的走法。请按记谱的写法输入走法，例如 { $example }。
typed-not-your-turn = 现在还没轮到你走棋。
typed-game-over = 棋局已经结束。
speech-help = 按记谱的写法输入走法，例如 { $example }，然后按 Enter。也可以输入 b 听棋盘，输入 c 听计时，输入 s 听轮到谁走。在棋盘上按 Tab 会出现光标：方向键移动光标，Enter 选中，Escape 取消选中。
speech-cursor-help = 光标在棋盘上：方向键移动光标，Enter 选中，Escape 取消选中，Tab 离开棋盘。
speech-cell = { $cell }：{ $what }
speech-empty = 空
speech-none = 无
speech-both = { $first }，{ $second }
speech-house = { $side }{ $house } 号坑：{ $count } 颗种子
speech-side-pieces = { $side }：{ $pieces }。
speech-side-soldiers = { $side }：{ $count } 个兵（{ $pieces }）。
speech-piece-at = { $piece } { $cell }
speech-goats-hand = 待放的羊：{ $hand }；被吃的羊：{ $count } / { $total }。
speech-kalah-side = { $side }：各坑 { $houses }；仓 { $store }。
speech-clocks = { $first }：{ $first_time }。{ $second }：{ $second_time }。
speech-no-clocks = 这局棋不计时。
piece-goat = 羊
piece-tiger = 虎
piece-soldier = 兵
piece-of-side = { $side }{ $piece }
ground-water = 水
ground-trap = { $side }陷阱
ground-den = { $side }兽穴
animal-name-rat = 老鼠
animal-name-cat = 猫
animal-name-dog = 狗
animal-name-wolf = 狼
animal-name-leopard = 豹子
animal-name-tiger = 老虎
animal-name-lion = 狮子
animal-name-elephant = 大象
speech-button = { $label }，按钮

## 通信对局与轮到你时的通知

choices-live = 实时
choices-correspondence = 通信对局
choices-move-time = 每步时限
pace-days = 每步 { $count } 天
pace-unlimited = 不限时
pace-value-days = { $count } 天
pace-value-unlimited = 不限时
span-days = { $count } 天
span-hours = { $count } 小时
span-minutes = { $count } 分钟
span-two = { $larger } { $smaller }
span-under-minute = 不到一分钟
deadline-yours = 轮到你走：还剩 { $time }
deadline-theirs = 轮到 { $who } 走：还剩 { $time }
deadline-yours-unlimited = 轮到你走：不限时
deadline-theirs-unlimited = 轮到 { $who } 走：不限时
deadline-up = 这一步的时间已到。
my-games = 我的棋局
my-games-none = 通信对局在两步之间会在这里等你：选择“{ mode-friend }”或“{ mode-anyone }”，再选“{ choices-correspondence }”开始一局。
my-games-your-turn = 轮到你
my-games-their-turn = 轮到对手
my-games-left = 还剩 { $time }
my-games-time-up = 时间已到
my-games-muted = 已静音
my-games-open = 打开
my-games-more = 还有 { $count } 局进行中的棋局没有列在这里。
waiting-title = 等待对手
waiting-invitation = 邀请好友，邀请码 { $code }
waiting-open = 向所有人开放
push-turn-on = 轮到我时通知我
push-asking = 正在询问…
push-blocked = 此浏览器屏蔽了 Chaupal 的通知：请在网站设置中允许通知，以便轮到你时收到提醒。
push-turn-off = 关闭通知
push-mute-all = 全部静音
push-unmute-all = 全部取消静音
play-mute = 静音此局
play-unmute = 取消静音
notice-game-waits = 你的棋局在“我的棋局”中等你：请在时间到之前回来走棋。
notice-push-on = 轮到你时会通知你，即使 Chaupal 已关闭。
notice-push-off = 此设备不再接收通知。
notice-push-blocked = 浏览器屏蔽了通知：请在网站设置中允许后再试。
notice-push-not-allowed = 通知仍然关闭：浏览器的询问被关掉了。
notice-push-failed = 无法开启通知：{ $why }
notice-muted-game = 此局的通知已静音。
notice-unmuted-game = 此局的通知已恢复。
notice-muted-all = 你所有棋局的通知已静音。
notice-unmuted-all = 你棋局的通知已恢复。
asked-my-games = 列出你正在进行的棋局
asked-my-seeks = 列出你的约战和邀请
asked-push = 通知
asked-mute = 静音
doing-open-game = 打开你的棋局
error-bad-subscription = 服务器不接受此浏览器的通知：{ $why }。
error-no-push = 此服务器不发送通知。

## Chaupal 的页面都没有打开时显示的通知（棋局和对手由浏览器填入）

notify-turn-title = 与 { $opponent } 的{ $game }棋局轮到你了
notify-turn-body = { $opponent } 已走棋。点按开始下棋。
notify-round-game-title = 第 { $round } 轮：{ $game }，对手 { $opponent }
notify-round-game-body = 你的对局已开始。点按开始下棋。
notify-accepted-title = { $opponent } 接受了你的邀请
notify-accepted-body = 你的{ $game }棋局已经开始。
notify-won = 与 { $opponent } 的{ $game }棋局：你赢了
notify-lost = 与 { $opponent } 的{ $game }棋局：你输了
notify-drawn = 与 { $opponent } 的{ $game }棋局：和棋
notify-aborted = 与 { $opponent } 的{ $game }棋局：已中止
notify-ended-body = 棋局已结束。
notify-ended-on-time = 棋局因超时结束。
notify-reminder-title = 与 { $opponent } 的{ $game }棋局轮到你走
notify-reminder-body = 距离走棋期限不到 { $hours } 小时。
notify-tournament-soon-title = 你的{ $game }比赛 { $minutes } 分钟后开始
notify-tournament-soon-body = 点按打开。

## 谜题：从大厅进入的入口、谜题界面，以及复盘中由自己的失误生成的谜题

lobby-puzzles = 谜题
lobby-daily-puzzle = 每日谜题
screen-puzzles = 谜题
title-puzzles = 谜题 - Chaupal
doing-puzzles = 解谜题
puzzle-task-win = 轮到{ $side }走：找出唯一的制胜一步
puzzle-task-draw = 轮到{ $side }走：找出唯一保住和棋的一步
puzzle-rating = 谜题积分 { $rating }
puzzle-your-rating = 你的谜题积分：{ $rating }
puzzle-unrated-attempt = 不计积分 · 你的谜题积分：{ $rating }
puzzle-streak = 连胜：已解 { $count } 题
puzzle-best-streak = 最佳连胜：{ $count } 题
puzzle-from-your-game = 来自你的棋局：第 { $place } 题，共 { $total } 题
puzzle-finding = 正在寻找谜题...
puzzle-checking = 正在检查你的走法...
puzzle-to-find = 还需找出 { $count } 步
puzzle-find-again = 换一步试试。
puzzle-right = 正确！
puzzle-keep-going = 继续：还需找出 { $count } 步。
puzzle-wrong-goats-escape = 不对：羊逃脱了
puzzle-wrong-tigers-break-out = 不对：虎突围了
puzzle-wrong-lead-slips = 不对：领先优势丢了
puzzle-wrong-win-slips = 不对：胜局丢了
puzzle-wrong-soldiers-hold = 不对：对方的棋子守住了
puzzle-wrong-loses = 不对：这步会输
puzzle-streak-over = 连胜结束：共解 { $count } 题
puzzle-solved = 解开了！
puzzle-solved-again = 再次尝试后解开：不计积分。
puzzle-solution-shown = 答案：第 { $shown } 步，共 { $count } 步
puzzle-rating-change = 你的谜题积分：{ $rating }（{ $change }）
puzzle-unrated = 不计积分：你的谜题积分不变
puzzle-left-failed = 走过一步后离开的谜题记为失败。{ $change }
puzzle-rating-now = 这道谜题的积分现在是 { $rating }
puzzle-try-again = 再试一次
puzzle-show-solution = 显示答案
puzzle-next = 下一题
puzzle-new-streak = 新的连胜
puzzle-skip = 跳过（记为失败）
puzzle-skip-confirm = 跳过：再按一次确认
puzzle-press-again = 再按一次确认
puzzle-leave-warning = 你的积分谜题还没解完：现在离开去做别的谜题，会记为失败。
puzzle-choices = 下一道谜题
puzzle-game = 游戏
puzzle-any-game = 任意游戏
puzzle-theme = 主题
puzzle-any-theme = 任意主题
puzzle-mode-rated = 积分
puzzle-mode-streak = 连胜
puzzle-rated-hint = 每道谜题的第一次尝试计入你的谜题积分。
puzzle-streak-hint = 不计积分：越来越难，直到你第一次失误。
puzzle-no-mistakes = 这局棋没有生成谜题：你的失误处都没有一步明显最好的走法。
puzzle-unreadable = 无法显示这道谜题：{ $why }
puzzle-out-of-step = 谜题的棋盘与服务器不一致：重新开始。
review-learn-mistakes = 从失误中学习
broken-puzzle = 无法打开谜题 { $id }。（{ $said }）
asked-puzzle = 获取谜题
asked-puzzle-move = 谜题走棋
asked-puzzle-solution = 获取答案
asked-mistake-puzzles = 由失误生成谜题
error-no-such-puzzle = 没有这道谜题，或没有符合条件的谜题了：换个游戏或主题试试。
error-puzzle-not-given = 这道谜题是给之前的连接的：请重新获取。
error-puzzle-over = 这道谜题已经结束：请获取下一题。
theme-capture = 吃子
theme-trap = 围困
theme-double-threat = 双重威胁
theme-block = 封堵
theme-extra-turn = 连走
theme-extra-turn-chain = 多次连走
theme-finish = 终局
theme-save-draw = 保住和棋
theme-one-move = 一步
theme-long = 长线
theme-placement = 放羊
theme-movement = 走羊
theme-sweep = 横扫
theme-den = 兽穴
theme-chain = 连跳

## Tournaments (arenas, Swiss, round robins)
lobby-tournaments = 积分战
screen-tournaments = 积分战
screen-new-tournament = 新比赛
title-tournaments = 积分战 - Chaupal
doing-tournaments = 加入积分战
asked-tournament = 积分战
asked-new-tournament = 新比赛
broken-tournament = 无法打开积分战 { $id }。（{ $said }）
tournament-started = 你的积分战开始了。
tournament-ended = 你的积分战结束了：来看看前三名。
tournament-paired = 你的对手是 { $opponent }：对局即将开始。
tournaments-heading = 积分战
tournaments-about = 积分战中，时间结束前每人可以下多局棋。瑞士制每轮让积分相同的棋手对阵；循环赛中每人与其他所有人各下一轮。积分最多者获胜。
tournaments-new = 创建比赛
tournaments-loading = 正在加载…
tournaments-none = 现在没有积分战。来创建一个！
tournaments-mine = 我的
tournaments-running = 进行中
tournaments-upcoming = 即将开始
tournaments-finished = 已结束
tournament-title = { $game }积分战
tournament-format = { $minutes } 分钟积分战
tournament-format-streaks = { $minutes } 分钟积分战，连胜双分
tournament-format-clock = { $format } · { $clock }
tournament-starts-in = { $time }后开始
tournament-starting = 即将开始…
tournament-ends-in = { $time }后结束
tournament-ending = 即将结束…
tournament-over = 已结束
tournament-entrants = { $count } 名棋手
tournament-entrants-private = { $count } 名棋手，私人
tournament-by = 由 { $name } 创建
tournament-join = 加入
tournament-rejoin = 再次加入
tournament-pause = 暂停
tournament-leave = 离开
tournament-share = 分享链接
tournament-podium = 前三名
tournament-podium-line = 第 { $rank } 名 { $name }：{ $points } 分
tournament-standings = 排名
tournament-no-entrants = 还没有人加入。
tournament-page = 第 { $page } / { $pages } 页
tournament-line = 等级分 { $rating } · { $points } 分 · { $presence }
tournament-idle = 等待中
tournament-playing = 对局中
tournament-paused = 暂停中
tournament-left = 已离开
tournament-done = 已下完
tournament-new-heading = 创建比赛
tournament-minutes = { $count } 分钟
tournament-game = 棋类
tournament-length = 时长
tournament-clock = 计时
tournament-start = 开始
tournament-start-now = 立即
tournament-start-in = { $count } 分钟后
tournament-public = 公开
tournament-private = 私人
tournament-public-hint = 所有人都能看到并加入。
tournament-private-hint = 不公开列出：把链接分享给你想邀请的棋手。
tournament-computers-label = 电脑
tournament-computers = { $count ->
    [0] 无
   *[other] { $count } 个电脑
}
tournament-computer-level = 电脑等级
tournament-rated-hint = 对局计入等级分；连胜两局后，棋手进入连胜状态，之后每胜一局记双分。
tournament-create = 创建
tournament-back = 返回积分战
tournament-open = 打开
tournament-on-fire = 连胜中
tournament-my-game = 回到我的对局
tournament-title-swiss = { $game }瑞士制比赛
tournament-title-round-robin = { $game }循环赛
tournament-format-swiss = 瑞士制，{ $rounds } 轮
tournament-format-swiss-matches = 瑞士制，{ $rounds } 轮，每轮两局
tournament-format-round-robin = 循环赛，最多 { $count } 名棋手
tournament-format-double-round-robin = 双循环赛，最多 { $count } 名棋手
tournament-round = 第 { $round } 轮，共 { $of } 轮
tournament-round-playing = 对局进行中
tournament-round-pairing = 第 { $round } 轮：正在编排…
tournament-next-round = 第 { $round } 轮 { $time }后开始
tournament-next-round-seconds = 第 { $round } 轮 { $seconds } 秒后开始
tournament-bye = 第 { $round } 轮：你轮空，记为胜一轮。
tournament-sat-out = 第 { $round } 轮：你轮休，已无对手可对阵。
tournament-buchholz = 对手分 { $points }
tournament-sonneborn-berger = 索伯分 { $points }
tournament-wins = 胜 { $count } 局
tournament-kind-arena = 积分战
tournament-kind-swiss = 瑞士制
tournament-kind-round-robin = 循环赛
tournament-format-label = 赛制
tournament-rounds-label = 轮数
tournament-rounds = { $count } 轮
tournament-players-label = 人数
tournament-most-players = 最多 { $count } 人
tournament-single-games = 每轮一局
tournament-matches = 每轮两局
tournament-meet-once = 单循环
tournament-meet-twice = 双循环
tournament-start-day = 一天后
tournament-start-week = 一周后
tournament-swiss-hint = 对局计入等级分；胜一局记 1 分，和棋记 ½ 分。每轮让积分相同的棋手对阵，同样的两人不会再次相遇；同分时先比对手分，再比索伯分。最后一轮编排前都可以加入。
tournament-round-robin-hint = 对局计入等级分；每人与其他所有人对阵，一次一轮；胜一局记 1 分，和棋记 ½ 分。开始前加入；不能暂停。
