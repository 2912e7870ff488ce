# Chaupal's interface in Nepali (ne), translated from en.ftl.
# Awaiting review by native speakers: see docs/TRANSLATING.md to correct a message.
#
# हरेक सन्देशको एउटा id ("=" को बायाँ) र त्यसको पाठ हुन्छ। { $braces } भित्रको पाठ क्लाइन्ट
# आफैँ भर्छ: ती नाम नबदल्नुहोस्। चालको सङ्केत (a1-e5, घरको नम्बर) र अङ्कहरू अनुवाद हुँदैनन्।

## खेलहरू र तिनका पक्ष

game-baghchal = बाघचाल
game-kalah = कलाह
game-jungle = जङ्गल
game-sholo-guti = सोह्र गोटी

side-baghchal-first = बाख्रा
side-baghchal-second = बाघ
side-kalah-first = दक्षिण
side-kalah-second = उत्तर
side-jungle-first = दक्षिण
side-jungle-second = उत्तर
side-sholo-guti-first = दक्षिण
side-sholo-guti-second = उत्तर

## जडान: माथिल्लो पट्टी र जडानको स्क्रिनमा

connection-offline = अफलाइन: यही उपकरणमा खेल
connection-connecting = सर्भरसँग जोडिँदै...
connection-reconnecting = सर्भरसँग फेरि जोडिँदै (प्रयास { $attempt })...
connection-online-as = { $name } नामले अनलाइन
connection-retrying = { $reason } { $seconds } सेकेन्डमा फेरि प्रयास हुनेछ।
connection-short-offline = अफलाइन
connection-short-connecting = जोडिँदै...
connection-short-connecting-bare = जोडिँदै
connection-short-reconnecting = फेरि जोडिँदै...
connection-short-reconnecting-bare = फेरि जोडिँदै
connection-short-online = अनलाइन
connection-short-retrying = जडान छैन: { $seconds } से.मा फेरि प्रयास
connection-short-retrying-bare = { $seconds } से.मा फेरि प्रयास
connection-short-not-connected = जडान छैन
connection-short-not-allowed = ठेगानाको अनुमति छैन

## नाम

name-empty = नाममा कम्तीमा एउटा अक्षर चाहिन्छ।
name-too-long = नाममा बढीमा { $count } अक्षर हुन सक्छन्।
name-too-many-bytes = यो नाम राख्न धेरै लामो छ।
name-control = नाममा नियन्त्रण वर्ण (control characters) वा लाइन ब्रेक राख्न मिल्दैन।
name-bidi = नाममा लेखाइको दिशा बदल्ने वर्ण राख्न मिल्दैन।
name-invisible = नाममा कम्तीमा एउटा देखिने अक्षर वा चिन्ह चाहिन्छ।
name-hidden = नाममा नदेखिने वर्ण (जस्तै शून्य-चौडाइको खाली ठाउँ) राख्न मिल्दैन।
name-mixed-scripts = नाममा ल्याटिन अक्षरसँग उस्तै देखिने सिरिलिक वा ग्रीक अक्षर मिसाउन मिल्दैन।
name-reserved = यो नाम कम्प्युटर खेलाडीको नामजस्तो देखिन्छ: अर्को नाम रोज्नुहोस्।
name-cut = नाममा बढीमा { $count } अक्षर हुन सक्छन्: बाँकी हटाइयो।
name-changed = अब तपाईंको नाम { $name } हो।
name-not-saved = तपाईंको नाम सुरक्षित गर्न सकिएन: { $why }

## विपक्षीका प्रस्ताव

offer-draw = विपक्षीले बराबरीको प्रस्ताव गरे।
offer-takeback = विपक्षी आफ्नो अघिल्लो चाल फिर्ता लिन चाहन्छन्।
offer-rematch = विपक्षीले फेरि खेल्ने प्रस्ताव गरे।

## इन्जिनको सहायता

help-no-game = स्क्रिनमा कुनै खेल छैन।
help-not-while-watching = मानिसहरू खेलिरहेका बेला इन्जिनको सहायता मिल्दैन: खेल सकिएपछि विश्लेषण गर्नुहोस्।
help-not-against-person = मानिससँग खेल्दा इन्जिनको सहायता मिल्दैन: सुझाव कम्प्युटरसँगका खेलका लागि मात्र हो।
help-needs-server = सुझाव सर्भरको इन्जिनबाट आउँछ: सुझाव पाउन सर्भरसँग जोडिनुहोस्।

## विन्डो वा ट्याबको शीर्षक

title-your-move = तपाईंको चाल: { $game } - चौपाल
title-game = { $game } - चौपाल
title-replay = रिप्ले: { $game } - चौपाल
title-rules = { $game }का नियम - चौपाल
title-plain = चौपाल

## सर्भर नहुँदा, सर्भर चाहिने कामहरू

needs-server = { $what } सर्भर चाहिन्छ, तर यो क्लाइन्ट कुनै सर्भरसँग जोडिएको छैन। त्यतिन्जेल यही कम्प्युटरमा खेल्नुहोस्, वा जडान हुने प्रतीक्षा गर्नुहोस्।
doing-cancel-seek = चुनौती रद्द गर्न
doing-exhibition = कम्प्युटरलाई आफैँसँग खेलेको हेर्न
doing-play-friend = साथीसँग खेल्न
doing-join-friend = साथीको खेलमा सामेल हुन
doing-accept-seek = चुनौती स्वीकार गर्न
doing-watch = खेल हेर्न
doing-replay-server = सर्भरको खेल रिप्ले गर्न
doing-play-computer = कम्प्युटरसँग खेल्न
doing-offer-anyone = जोसुकैलाई खेलको चुनौती दिन
doing-analysis = विश्लेषण गर्न

## खेल र लबीबारे सूचना

notice-type-code-first = पहिले साथीले दिएको निम्तो कोड टाइप गर्नुहोस्।
notice-draw-offered = बराबरीको प्रस्ताव पठाइयो।
notice-game-goes-on = तपाईंको खेल जारी छ, र तपाईंको घडी पनि चलिरहेको छ: लबीका चलिरहेका खेलबाट त्यसलाई फेरि सुरु गर्नुहोस्।
notice-code-copied = निम्तो कोड क्लिपबोर्डमा छ: { $code }
notice-link-copied = निम्तो लिङ्क क्लिपबोर्डमा छ: { $link }
notice-device-link-copied = लिङ्क क्लिपबोर्डमा छ: दस मिनेटभित्र अर्को उपकरणमा खोल्नुहोस्।
notice-device-code-shape = उपकरणको कोड अर्को उपकरणले देखाएजस्तै आठ अक्षर र अङ्कको हुन्छ (XXXX-XXXX)।
notice-looking-back-start = तपाईं सुरुवात हेर्दै हुनुहुन्छ: यहाँबाट कुनै चाल चाल्न सकिँदैन। खेल जारी राख्न End वा “पछिल्लो चाल” थिच्नुहोस्।
notice-looking-back = तपाईं पछाडि फर्केर चाल { $ply } हेर्दै हुनुहुन्छ: यहाँबाट कुनै चाल चाल्न सकिँदैन। खेल जारी राख्न End वा “पछिल्लो चाल” थिच्नुहोस्।
notice-link-offline = त्यो लिङ्क सर्भरको खेलमा लैजान्छ, तर यो क्लाइन्ट अफलाइन खेल्दैछ।
notice-rules-clash = ती नियमहरू सँगै चल्दैनन्: { $why }
notice-move-refused = त्यो चाल चाल्न मिल्दैन: { $why }
notice-takeback-asked = तपाईंले आफ्नो अघिल्लो चाल फिर्ता माग्नुभयो: विपक्षीले निर्णय गर्छन्।
notice-no-takeback = फिर्ता लिने कुनै चाल छैन।
notice-takeback-failed = चाल फिर्ता हुन सकेन: { $why }
notice-rematch-offered = फेरि खेल्ने प्रस्ताव पठाइयो।
notice-no-replay = यो खेल रिप्ले गर्न सकिँदैन: { $why }
notice-device-linked = यो उपकरणले अब { $name } भएर, उनका खेल र रेटिङसहित खेल्छ।
notice-shared-link-copied = लिङ्क क्लिपबोर्डमा छ: { $link }
notice-not-sent = अहिले सर्भरसँग जडान छैन: जडान नफर्किउन्जेल त्यो पर्खनुपर्छ।
notice-invite-ready = तपाईंको निजी खेल तयार छ। साथीलाई निम्तो कोड { $code } दिनुहोस्: साथी सामेल भएपछि खेल सुरु हुन्छ।
notice-seek-open = तपाईंको चुनौती खुला छ: कसैले स्वीकार गरेपछि खेल सुरु हुन्छ।
notice-no-suggestion = यहाँ इन्जिनसँग सुझाउने कुनै चाल छैन।
notice-game-kept = { $reason } तपाईंको खेल सर्भरमा सुरक्षित छ: क्लाइन्ट आफैँ फेरि जोडिएर खेल फेरि समात्छ।
notice-opponent-lost = विपक्षीको जडान टुट्यो।
notice-opponent-lost-claim = विपक्षीको जडान टुट्यो। उनी फर्किएनन् भने, { $seconds } सेकेन्डमा तपाईं जित दाबी गर्न सक्नुहुन्छ।
notice-opponent-back = विपक्षी फर्किए।
notice-resync = खेल फेरि मिलाइँदै ({ $why })।
# अङ्ग्रेजीमा $many ले क्रियालाई $who (धेरै गोटीको पक्ष वा एउटा) सँग मिलाउँछ; नेपालीमा "गरे" दुवैमा मिल्छ।
notice-draw-offered-by = { $who }ले बराबरीको प्रस्ताव गरे।
notice-draw-declined = तपाईंको बराबरीको प्रस्ताव अस्वीकार भयो।
notice-berserk-you = तपाईं बर्सर्क हुनुभयो: आधा समय, थप समय छैन; ७ वा बढी चालको जितमा एक अङ्क बढी।
notice-berserk-by = { $who } बर्सर्क हुनुभयो: आधा समय, थप समय छैन।
notice-takeback-declined = तपाईंको चाल फिर्ताको अनुरोध अस्वीकार भयो।
notice-taken-back = { $count ->
    [one] एउटा चाल फिर्ता लिइयो।
   *[other] { $count } चाल फिर्ता लिइए।
}
notice-rematch-declined = फेरि खेल्ने प्रस्ताव अस्वीकार भयो।

## कतै नपुग्ने लिङ्क, त्यसको कार्डमा

broken-invite = निम्तो कोड { $code } का लागि कुनै खेल पर्खिरहेको छैन: त्यो पहिले नै प्रयोग भइसकेको वा रद्द भएको हुन सक्छ। साथीसँग नयाँ लिङ्क माग्नुहोस्।
broken-invite-shape = { $code } निम्तो कोड होइन: निम्तो कोड आठ अक्षर र अङ्कको हुन्छ (XXXX-XXXX), साथीको लिङ्कमा जस्तै।
broken-game = खेल { $id } खोल्न सकिँदैन। ({ $said })
broken-replay = खेल { $id } रिप्ले गर्न सकिँदैन। ({ $said })
broken-device = उपकरणको कोड { $code } ले काम गर्दैन: एउटा कोड दस मिनेटभित्र एक पटक मात्र चल्छ। अर्को उपकरणमा नयाँ कोड माग्नुहोस्।

## स्थान, पालो र नतिजा

who-with-side = { $name } ({ $side })
seat-rated = { $name } ({ $rating })
ai-level = कम्प्युटर स्तर { $level }
# अङ्ग्रेजीमा $many ले क्रियालाई मिलाउँछ ("Tigers win"); "को पालो" र "विजयी" मा क्रिया मिलाउनु पर्दैन।
turn-to-move = { $who }को पालो
turn-moves-again = फेरि { $who }को पालो
status-sending = { $whose }: चाल पठाउँदै...
status-jump-on = { $whose }: अझै उफ्रनुहोस्, वा रोक्न गोटीमा क्लिक गर्नुहोस्
status-capture-goes-on = { $whose }: मार्ने क्रम जारी राख्नैपर्छ
moves-then = { $first }, अनि { $next }
turn-sowed = { $who }ले घर { $moves } छर्‍यो
turn-played = { $who }को चाल: { $moves }
turn-captured = { $turn }: { $captures }
captures-seeds = { $count ->
    [one] एउटा बीउ कब्जा गरियो
   *[other] { $count } बीउ कब्जा गरिए
}
captures-goats = { $count ->
    [one] एउटा बाख्रा मारियो
   *[other] { $count } बाख्रा मारिए
}
captures-animals = { $count ->
    [one] एउटा जनावर मारियो
   *[other] { $count } जनावर मारिए
}
captures-soldiers = { $count ->
    [one] एउटा सिपाही मारियो
   *[other] { $count } सिपाही मारिए
}
counter-goats-placed = राखिएका बाख्रा
counter-of = { $total } मध्ये { $count }
counter-goats-captured = मारिएका बाख्रा
counter-tigers-trapped = घेरिएका बाघ
counter-store = { $side }को भण्डार
counter-store-seeds = { $store } (घरहरूमा { $houses })
counter-pieces = { $side }का गोटी
counter-moves = चालको सङ्ख्या
result-wins = { $who } विजयी
result-draw = बराबरी
result-aborted = रद्द
result-with-reason = { $result }: { $why }
result-draw-agreed-here = सहमतिमा बराबरी
reason-resigned = { $side } पक्षले हार मान्यो
reason-resignation = हार स्वीकार
reason-timeout = समय सकियो
reason-agreed = सहमतिमा
reason-abandoned = अर्को खेलाडीले खेल छोडे
reason-aborted = खेल रद्द गरियो
end-capture-target = बाघले तोकिएजति बाख्रा मारे
end-no-legal-move = कुनै वैध चाल बाँकी छैन
end-repetition = उही स्थिति तेस्रो पटक आयो
end-no-capture-limit = कुनै गोटी नमारी धेरै चाल भए
end-den-entered = एउटा जनावर ओडारमा पस्यो
end-all-captured = विपक्षका सबै गोटी मारिए
end-seeds-counted = बीउ गनिए

## घडी र कम्प्युटर खेलाडी

clock-none = घडी छैन
clock-minutes = { $count } मिनेट
clock-seconds = { $count } से.
clock-increment = { $initial } + { $increment }
engine-named = { $name }, गहिराइ { $depth }

## सर्भरले अस्वीकार गर्दा खेलाडी के गर्दै थिए ("खेलमा सामेल हुँदा: ...")

asked-hello = जोडिँदा
asked-create = खेल सुरु गर्दा
asked-join = खेलमा सामेल हुँदा
asked-accept = चुनौती स्वीकार गर्दा
asked-watch = खेल हेर्दा
asked-rejoin = आफ्नो खेलमा फर्कँदा
asked-subscribe = लबी खोल्दा
asked-move = चाल चाल्दा
asked-hint = सुझाव माग्दा
asked-analyse = विश्लेषण गर्दा
asked-finished = तपाईंका खेलको सूची ल्याउँदा
asked-record = खेल लोड गर्दा
asked-review = समीक्षा माग्दा
asked-cancel-seek = चुनौती रद्द गर्दा
asked-resign = हार मान्दा
asked-berserk = बर्सर्क
asked-offer-draw = बराबरीको प्रस्ताव गर्दा
asked-accept-draw = बराबरी स्वीकार गर्दा
asked-decline = अस्वीकार गर्दा
asked-takeback = चाल फिर्ता माग्दा
asked-accept-takeback = चाल फिर्ता स्वीकार गर्दा
asked-offer-rematch = फेरि खेल्ने प्रस्ताव गर्दा
asked-accept-rematch = फेरि खेल्ने प्रस्ताव स्वीकार गर्दा
notice-no-show = यो खेल देखाउन सकिँदैन: { $why }

## लबीका सकिएका खेल

finished-aborted = रद्द
finished-won = { $name } विजयी
finished-draw = बराबरी
finished-unfinished = अधुरो

## जडानका समस्या

closed-with-code = सर्भरले जडान बन्द गर्‍यो। { $why }
closed-with-reason = सर्भरले जडान बन्द गर्‍यो: { $reason }।
closed = सर्भरले जडान बन्द गर्‍यो।
not-reached = { $url } मा रहेको सर्भरले जवाफ दिइरहेको छैन। के त्यो चलिरहेको छ?
not-allowed-here = यो सर्भरले { $page } का पानाबाट खेलाडी स्वीकार गर्दैन। सही ठेगानाका लागि यसका सञ्चालकलाई सोध्नुहोस्।
not-allowed-here-go = यो सर्भरले { $page } का पानाबाट खेलाडी स्वीकार गर्दैन। बरु { $allowed } खोल्नुहोस्।
connection-lost = सर्भरसँगको जडान टुट्यो।
refused = { $url } मा रहेको सर्भरले जवाफ दिइरहेको छैन (त्यहाँ कुनै कुराले सुनिरहेको छैन)। के त्यो चलिरहेको छ?
timed-out = { $url } मा रहेको सर्भरले समयमै जवाफ दिएन।
connection-cut = सर्भरसँगको जडान काटियो।
not-found = सर्भर { $url } भेटिएन: ठेगाना जाँच्नुहोस्।
unreachable = { $url } मा रहेको सर्भरसम्म पुग्न सकिएन ({ $why })।
tls-failed = { $url } सँगको सुरक्षित जडान असफल भयो ({ $why }): त्यहाँ सर्भरले wss:// दिन्छ र उसको प्रमाणपत्र त्यो नामका लागि मान्य छ भनी जाँच्नुहोस्।
not-chaupal = { $url } मा केहीले जवाफ दियो, तर त्यो चौपालको सर्भर होइन (HTTP { $status })।
not-accepted = { $url } मा रहेको सर्भरले जडान स्वीकार गरेन ({ $why })।
greeting-late = { $url } मा रहेको सर्भरले समयमै अभिवादन सकेन।
connection-failed = सर्भरसँगको जडान असफल भयो ({ $why })।
connection-broke = सर्भरसँगको जडान बीचमै टुट्यो ({ $why })।
message-too-large = सर्भरले पढ्नै नसकिने गरी ठूलो सन्देश पठायो।

## सर्भरले अस्वीकार गरेका कुरा

error-while = { $what }: { $error }
error-version = यो क्लाइन्ट र सर्भरले प्रोटोकलका फरक संस्करण बोल्छन्: क्लाइन्ट अपडेट गर्नुहोस्।
error-misunderstood = क्लाइन्ट र सर्भरले एकअर्कालाई बुझेनन् ({ $why })। फेरि जोडिँदा ठीक हुनुपर्छ।
error-bad-device-code = अर्को उपकरणको त्यो कोड अज्ञात छ, प्रयोग भइसकेको छ वा म्याद सकिएको छ: त्यो उपकरणबाट नयाँ कोड माग्नुहोस्।
error-too-large = त्यो सन्देश सर्भरका लागि धेरै ठूलो थियो।
error-rate-limited = एकैपटक धेरै अनुरोध भए: एकछिन पर्खेर फेरि प्रयास गर्नुहोस्।
error-too-many-connections = यो कम्प्युटरबाट धेरै जडान छन्: चौपालको अर्को विन्डो बन्द गर्नुहोस्।
error-timeout = सर्भरले यो क्लाइन्टलाई पर्खन छोड्यो; फेरि जोडिँदै।
error-shutting-down = सर्भर बन्द हुँदैछ; सर्भर फर्किएपछि क्लाइन्ट फेरि जोडिनेछ।
error-unknown-token = सर्भरले यो कम्प्युटरको खेलाडी चिनेन, त्यसैले तपाईं नयाँ खेलाडीका रूपमा जारी राख्नुहुन्छ।
error-bad-name = सर्भरले त्यो नाम स्वीकार गर्दैन: { $why }।
error-too-many-games = सर्भरले अनुमति दिएजति खेल र चुनौती तपाईंका खुला छन्: पहिले एउटा सक्नुहोस् वा रद्द गर्नुहोस्।
error-no-such-seek = त्यो चुनौती अब छैन: अरू कसैले लियो, वा रद्द भयो।
error-bad-invite-code = त्यो निम्तो कोडको कुनै खेल छैन: साथीसँग कोड जाँच्नुहोस्।
error-bad-rules = सर्भरले ती नियम स्वीकार गर्दैन: { $why }।
error-bad-setup = सर्भरले त्यो खेल तयार गर्न सक्दैन: { $why }।
error-no-such-game = त्यो खेल अब सर्भरमा छैन।
error-no-such-player = त्यस्तो कुनै खेलाडी छैन।
error-not-your-seat = यो खेलमा त्यो तपाईंको स्थान होइन।
error-not-your-turn = अहिले तपाईंको होइन, अर्को पक्षको पालो हो।
error-stale-move = तपाईंको चाल पुग्नुअघि नै खेल अगाडि बढिसक्यो, त्यसैले त्यो चलिएन; बोर्डले खेललाई अहिलेको अवस्थामा देखाउँछ।
error-illegal-move = सर्भरले चाल अस्वीकार गर्‍यो: { $why }।
error-game-over = खेल सकिइसकेको छ।
error-no-offer = जवाफ दिनुपर्ने कुनै प्रस्ताव अब छैन।
error-not-allowed = अहिले त्यो गर्न पाइँदैन: { $why }।
error-ai-busy = सबै कम्प्युटर खेलाडी व्यस्त छन्: एकछिनमा फेरि प्रयास गर्नुहोस्।
error-ai-error = कम्प्युटर खेलाडी असफल भयो: { $why }।
error-bad-record = त्यो खेलको अभिलेख पढ्न सकिँदैन: { $why }।
error-not-finished = खेल सकिएपछि मात्र समीक्षा हुन्छ।
error-private-game = त्यो अरू कसैको निजी खेल हो: त्यसका खेलाडी र उनीहरूले लिङ्क पठाएकाहरूले मात्र हेर्न सक्छन्।
error-too-many-reviews = सर्भर अनुमति दिएजति समीक्षामा व्यस्त छ: एउटा सकिएपछि फेरि प्रयास गर्नुहोस्।
error-storage = सर्भरले त्यो सुरक्षित गर्न सकेन; केही बदलिएन। फेरि प्रयास गर्नुहोस्।
error-unavailable = खेल अर्को सर्भरमा सर्दैछ; केही बदलिएन। एकछिनमा फेरि प्रयास गर्नुहोस्।
error-outcome-unknown = खेलको सर्भर जवाफ दिनुअघि नै रोकियो; तपाईंको चाल चलियो कि चलिएन, बोर्डले देखाउँछ।
error-internal = सर्भरमा केही गडबड भयो; केही बदलिएन। फेरि प्रयास गर्नुहोस्।
error-no-such-tournament = त्यस्तो प्रतियोगिता छैन, वा त्यसको कोड मिलेन: लिङ्क जाँच्नुहोस्।
error-tournament-over = यो प्रतियोगिता सकिइसकेको छ।
error-already-entered = तपाईं यो प्रतियोगितामा पहिले नै हुनुहुन्छ।
error-not-entered = तपाईं यो प्रतियोगितामा हुनुहुन्न।

## समीक्षा

review-server-only = समीक्षा सर्भरको इन्जिनले गर्छ: सर्भरमा खेलिएका खेलको मात्र समीक्षा हुन सक्छ।
doing-review = समीक्षा गर्न
doing-play-from-here = यहाँबाट कम्प्युटरसँग खेल्न
review-misfit = समीक्षामा { $covered } चाल छन् तर यो खेलमा { $moves } चाल छन्: यसलाई देखाउन सकिँदैन।
review-over-here = यो स्थितिमा खेल सकिइसकेको छ: खेल्नका लागि अघिल्लो कुनै चाल छान्नुहोस्।
review-asking = सर्भरसँग समीक्षा माग्दै...
review-analysing = स्थितिको विश्लेषण हुँदै: { $total } मध्ये { $analysed }

## सर्भरका ठेगाना र क्लाइन्टका आफ्नै समस्या

address-not-ws = { $url } सर्भरको ठेगाना होइन: यो ws://127.0.0.1:7878 जस्तो हुनुपर्छ (वा इन्क्रिप्टेड जडानका लागि wss://example.org)
address-with-user = { $url }: सर्भरको ठेगानामा प्रयोगकर्ताको नाम वा पासवर्ड हुँदैन
address-bad-port = { $url }: “{ $port }” पोर्ट नम्बर होइन
address-unclosed = { $url }: [ ] भित्रको ठेगाना बन्द गरिएको छैन
address-trailing = { $url }: ठेगानापछिको “{ $after }” को कुनै अर्थ छैन
address-no-server = { $url } ले कुनै सर्भर जनाउँदैन
problem-no-thread = क्लाइन्टले आफ्नो नेटवर्क थ्रेड सुरु गर्न सकेन ({ $detail })।
problem-unreadable = सर्भरले यो क्लाइन्टले पढ्न नसक्ने कुरा पठायो ({ $detail })।
problem-not-sent = यो अनुरोध पठाउन सकिएन ({ $detail })।

## जडानको स्क्रिन

connect-title-offline = तपाईं अफलाइन हुनुहुन्छ
connect-title-unreachable = सर्भरसम्म पुग्न सकिएन
connect-title-not-allowed = यो ठेगानाको अनुमति छैन
connect-title-connecting = सर्भरसँग जोडिँदै
connect-about = यही उपकरणमा दुई जनाले पालैपालो खेल्ने खेल जडानबिना चल्छन्; साथी वा कम्प्युटरसँग खेल्न र खेल हेर्न जडान चाहिन्छ।
connect-no-network = यो उपकरणमा नेटवर्क छैन। नेटवर्क फर्किएपछि क्लाइन्ट आफैँ जोडिन्छ।
connect-try-now = अहिले फेरि प्रयास गर्नुहोस्
connect-play-offline = अफलाइन खेल्नुहोस्

## नियमका विकल्प, नियमका स्क्रिन र खेल्ने तरिका

rule-captures-to-win = जित्न मार्नुपर्ने बाख्रा
rule-repetition = स्थिति दोहोरिँदा
rule-pits = प्रति पक्ष घर
rule-seeds = प्रति घर बीउ
rule-empty-capture = एक्लो बीउको कब्जा
rule-board = बोर्ड
rule-capture = मार्ने
rules-baghchal-1 = रेखाहरूले बनेको 5 x 5 को बोर्डमा चार बाघले बीस बाख्राको सिकार गर्छन्।
rules-baghchal-2 = सुरुमा बाख्राको पालो हुन्छ। बाख्रा हातमा बाँकी रहुन्जेल, बाख्राको हरेक पालोमा एउटा बाख्रा कुनै पनि खाली बिन्दुमा राखिन्छ; बीसै बाख्रा राखिसकेपछि, बाख्रा रेखाको बाटो छेउको खाली बिन्दुमा एक पाइला सर्छ।
rules-baghchal-3 = बाघ रेखाको बाटो एक पाइला सर्छ, वा छेउमै रहेको एउटा बाख्रामाथि उफ्रेर ठीक पछाडिको खाली बिन्दुमा पुग्छ र त्यो बाख्रालाई मार्छ। बाघ कहिल्यै बाघमाथि उफ्रँदैन; मार्नु अनिवार्य होइन।
rules-baghchal-4 = छड्के रेखाहरू हरेक बिन्दुबाट होइन, एक-एक बिन्दु बिराएर मात्र जान्छन्, चित्रमा देखाइएझैँ।
rules-baghchal-5 = पाँचौँ बाख्रा मारेपछि बाघ जित्छन् (यो सङ्ख्या नियमको एउटा विकल्प हो)। बाघको पालो आउँदा बाघहरू घेरिएर चल्नै नसक्ने भए बाख्रा जित्छन्।
rules-baghchal-6 = उही स्थिति तेस्रो पटक आए खेल बराबरी हुन्छ (वा, विकल्पका रूपमा, सबै बाख्रा राखिसकेपछि कुनै स्थिति दोहोर्‍याउनै पाइँदैन)।
rules-kalah-1 = हरेक पक्षसँग घरहरूको एउटा लहर र त्यसको दायाँपट्टि एउटा भण्डार हुन्छ; सुरुमा हरेक घरमा उत्तिकै बीउ हुन्छन्।
rules-kalah-2 = आफ्नो पालोमा, आफ्नो कुनै एउटा घरका सबै बीउ उठाएर घडीको सुईको उल्टो दिशामा एक-एक गरी छर्नुहोस्: आफ्ना घरहरू, आफ्नो भण्डार, अनि अर्को पक्षका घरहरू (अर्को भण्डारमा कहिल्यै होइन)।
rules-kalah-3 = अन्तिम बीउ आफ्नै भण्डारमा परे: फेरि आफ्नै पालो।
rules-kalah-4 = अन्तिम बीउ आफ्नै कुनै खाली घरमा परे: त्यो बीउ र ठीक अगाडिको घरका सबै बीउ तपाईंको भण्डारमा जान्छन् (अगाडिको घरमा बीउ भए मात्र)।
rules-kalah-5 = कुनै एक पक्षका सबै घर खाली भएपछि, हरेक पक्षले आफ्ना बाँकी बीउ आफ्नो भण्डारमा थप्छ। धेरै बीउ हुने पक्ष जित्छ।
rules-jungle-1 = हरेक पक्षसँग आठ जनावर हुन्छन्; ठूलो दर्जाकाले सानो दर्जाकालाई मार्छन्: हात्ती 8, सिंह 7, बाघ 6, चितुवा 5, ब्वाँसो 4, कुकुर 3, बिरालो 2, मुसो 1।
rules-jungle-2 = एक चालमा माथि, तल वा छेउतिर एक कोठा सरिन्छ। कुनै पनि जनावर आफ्नै ओडारमा पस्दैन।
rules-jungle-3 = मुसो मात्र पौडिन सक्छ। सिंह र बाघ नदी नाघेर सीधा रेखामा उफ्रन्छन्, बाटोमा मुसो भए उफ्रन पाउँदैनन्।
rules-jungle-4 = आफूभन्दा बराबर वा सानो दर्जाको विपक्षी भएको कोठामा सरेर त्यसलाई मार्नुहोस्; मुसोले हात्तीलाई मार्छ, तर हात्तीले मुसोलाई कहिल्यै मार्दैन। पानी र जमिनबीच मार्न पाइँदैन।
rules-jungle-5 = तपाईंको पासोमा रहेको विपक्षीलाई तपाईंको जुनसुकै जनावरले मार्न सक्छ।
rules-jungle-6 = विपक्षीको ओडारमा पसेर वा विपक्षका सबै जनावर मारेर जित्नुहोस्। सानो बोर्ड 5 x 7 को संस्करण हो, जसमा प्रति पक्ष चार जनावर हुन्छन्।
rules-sholo-guti-1 = 37 बिन्दुमा प्रति पक्ष सोह्र सिपाही: 5 x 5 को मैदान र दुवै छेउमा एक-एक त्रिकोण।
rules-sholo-guti-2 = सिपाही रेखाको बाटो छेउको खाली बिन्दुमा एक पाइला सर्छ।
rules-sholo-guti-3 = सिपाहीले रेखाको बाटो छेउमै रहेको विपक्षीमाथि उफ्रेर ठीक पछाडिको खाली बिन्दुमा पुगेर मार्छ; मारेपछि उही सिपाही जुनसुकै दिशामा फेरि उफ्रन सक्छ, र हरेक पटक मारेपछि रोकिन पनि सक्छ।
rules-sholo-guti-4 = विकल्प: मार्नु अनिवार्य, र मार्न मिल्दासम्म मार्ने क्रम जारी राख्नैपर्छ।
rules-sholo-guti-5 = जित्न विपक्षका सबै सिपाही मार्नुहोस्, वा अर्को पक्षलाई चाल्ने कुनै चाल नै नछोड्नुहोस्। उही स्थिति तीन पटक आए, वा कुनै गोटी नमारी 200 चाल भए, खेल बराबरी हुन्छ।
example-baghchal = c3 को बाघ रेखाको बाटो d3 को बाख्रामाथि उफ्रेर e3 मा पुग्छ: बाख्रा मारिन्छ। यसले b3 वा c2 पनि मार्न सक्थ्यो।
example-kalah = दक्षिणले घर 3 छर्छ: घर 4, 5 र 6 मा एक-एक बीउ र अन्तिम बीउ दक्षिणको भण्डारमा, त्यसैले फेरि दक्षिणकै पालो।
example-jungle = c3 को सिंह नदी नाघेर c7 मा उफ्रन्छ। बाटोमा मुसो पौडिरहेको भए यो उफ्राइ रोकिन्थ्यो।
example-sholo-guti = c4 को सिपाही c5 माथि उफ्रन्छ, अनि फेरि d6 माथि उफ्रन्छ: एउटै चालमा दुई पटक मार। यो c6 मा रोकिन पनि सक्थ्यो।
how-baghchal = बाख्रा राख्न कुनै खाली बिन्दुमा ट्याप वा क्लिक गर्नुहोस्। गोटीलाई चिन्ह लगाइएको बिन्दुमा तान्नुहोस्, वा गोटीमा ट्याप गरेर त्यसपछि बिन्दुमा ट्याप गर्नुहोस्।
how-kalah = छर्न आफ्नो कुनै घरमा ट्याप वा क्लिक गर्नुहोस्।
how-jungle = जनावरलाई चिन्ह लगाइएको कोठामा तान्नुहोस्, वा जनावरमा ट्याप गरेर त्यसपछि कोठामा ट्याप गर्नुहोस्।
how-sholo-guti = सिपाहीलाई चिन्ह लगाइएको बिन्दुमा तान्नुहोस्, वा सिपाहीमा ट्याप गरेर त्यसपछि बिन्दुमा; मार्ने क्रममा हरेक पुग्ने बिन्दुमा पालैपालो ट्याप गर्नुहोस्, वा रोक्न फेरि सिपाहीमा ट्याप गर्नुहोस्।
rule-value-on = चालु
rule-value-off = बन्द
rule-value-draw = बराबरी
rule-value-forbidden = निषेधित
rule-value-standard = मानक
rule-value-small = सानो
rule-value-optional = ऐच्छिक
rule-value-compulsory = अनिवार्य
rule-changed = { $rule }: { $value }

## धेरै स्क्रिनमा साझा

back = पछाडि
rules-here = यहाँ कसरी खेल्ने
game-with-rules = { $game } ({ $rules })
hint-best-move = उत्तम चाल: { $best }
hint-chances = { $side }: जित्ने सम्भावना { $percent }%
moves-none = अहिलेसम्म कुनै चाल छैन
brand = चौपाल
screen-connecting = जोडिँदै
screen-lobby = लबी
screen-review = समीक्षा
screen-replay = रिप्ले
screen-rules = { $game }का नियम
replay = रिप्ले
rematch = फेरि खेलौँ
review = समीक्षा
lobby = लबी

## लबी

broken-title = त्यो लिङ्कले काम गर्दैन
broken-to-lobby = लबीमा जानुहोस्
close = बन्द गर्नुहोस्
copy-link = लिङ्क कपी गर्नुहोस्
copy-code = कोड कपी गर्नुहोस्
invite-title = तपाईंको निजी खेल तयार छ
invite-note = साथी सामेल भएपछि खेल सुरु हुन्छ। तपाईं यो कार्ड बन्द गर्न सक्नुहुन्छ: कोड लबीमै रहन्छ।
invite-send-link = साथीलाई यो लिङ्क पठाउनुहोस्:
invite-or-code = वा यो कोड भन्नुहोस्:
invite-code = साथीलाई यो कोड भन्नुहोस्:
invitation-title = खेल्ने निम्तो
invitation-from = { $name } ले तपाईंलाई { $game } खेल्न निम्तो दिनुभएको छ।
invitation-pace = गति: { $pace }
invitation-rated = रेटिङ: नतिजाले तपाईंको रेटिङ बदल्छ।
invitation-casual = साधारण: रेटिङ बदलिँदैन।
invitation-you-play = तपाईं { $side } खेल्नुहुन्छ।
invitation-sides-random = पक्ष जथाभावी छानिन्छ।
invitation-rules = फरक नियम:
broken-invite-own = यो तपाईंकै निम्तो हो: यसको लिङ्क साथीलाई पठाउनुहोस्। साथीले स्वीकार गरेपछि खेल सुरु हुन्छ।
notice-invitation-declined = { $name } ले तपाईंको निम्तो ({ $code }) अस्वीकार गर्नुभयो।
devices-title = अर्को उपकरणमा खेल्नुहोस्
devices-note = अर्को उपकरणमा लिङ्क खोल्नुहोस्, वा त्यहाँ “अर्को उपकरणमा खेल्नुहोस्” मा गएर कोड हाल्नुहोस्। यो एक पटक मात्र, अबको { $minutes ->
    [one] एक मिनेटभित्र
   *[other] { $minutes } मिनेटभित्र
} चल्छ।
devices-asking = सर्भरसँग कोड माग्दै...
devices-enter = अर्को उपकरणको कोड छ? त्यो खेलाडी भएर यहाँ खेल्न कोड हाल्नुहोस्:
devices-use-code = कोड प्रयोग गर्नुहोस्
lists-seeks = खुला चुनौती
lists-not-connected = सर्भरसँग जोडिएको छैन। जडान भएपछि खुला चुनौती र हेर्न मिल्ने चलिरहेका खेल यहाँ देखिन्छन्।
lists-no-seeks = अहिले कोही पनि खेल्न पर्खिरहेको छैन।
lists-no-clock = घडी छैन
lists-rated = रेटिङ
lists-casual = साधारण
lists-your-seek = { $who } (तपाईंको चुनौती)
lists-cancel = रद्द गर्नुहोस्
lists-play = खेल्नुहोस्
lists-live = चलिरहेका खेल
lists-no-live = अहिले कुनै खेल चलिरहेको छैन।
lists-versus = { $first } विरुद्ध { $second }
lists-exhibition = { $game } (कम्प्युटर विरुद्ध कम्प्युटर)
lists-at-move = चाल { $count }
lists-resume = जारी राख्नुहोस्
lists-watch = हेर्नुहोस्
lists-finished = तपाईंका सकिएका खेल
lists-no-finished = सर्भरमा तपाईंले सकेका खेल यहाँबाट रिप्ले गर्न सकिन्छ।
lists-moves = { $count } चाल
choices-both-here = दुवै पक्ष यही स्क्रिनमा: बोर्डमा पालैपालो खेल्नुहोस्।
choices-seek-listed = तपाईंको चुनौती हरेक लबीमा देखिन्छ; कसैले स्वीकार गरेपछि खेल सुरु हुन्छ।
choices-sound-on = आवाज: चालु
choices-sound-off = आवाज: बन्द
choices-change-name = नाम बदल्नुहोस्
choices-you = तपाईं
choices-you-named = तपाईं: { $name }
choices-name = नाम
choices-keep = राख्नुहोस्
choices-name-hint = तपाईंको नाम
choices-game = खेल छान्नुहोस्
mode-here = यही उपकरणमा
mode-computer = कम्प्युटरसँग
mode-friend = साथीसँग
mode-anyone = जोसुकैसँग
choices-you-play = तपाईंको पक्ष
choices-either = जुनसुकै
level-of = { $levels } मध्ये { $level } ({ $rating })
engine-level = स्तर 1–{ $levels }
choices-engine = इन्जिन
choices-level = स्तर
choices-depth = गहिराइ
choices-exhibition = कम्प्युटरलाई आफैँसँग खेलेको हेर्नुहोस्
choices-your-code = तपाईंको कोड:
choices-friends-code = साथीको निम्तो कोड:
choices-join = सामेल हुनुहोस्
choices-code-hint = साथीको कोड
choices-rules = नियम
start-here = खेल सुरु गर्नुहोस्
start-computer = कम्प्युटरसँग खेल्नुहोस्
start-friend = निजी खेल बनाउनुहोस्
start-anyone = चुनौती दिनुहोस्
choices-clock = घडी
choices-increment = प्रति चाल थप
choices-increment-value = +{ $count } से.
choices-untimed = घडीबिना
choices-casual = साधारण
choices-rated = रेटिङ
choices-no-clock = छैन

## खेलको स्क्रिन

player-computer = कम्प्युटर
player-to-move = पालो
play-latest = पछिल्लो चाल
play-back = < चाल
play-forward = चाल >
play-more = थप
play-stop-chain = यहीँ रोक्नुहोस्
play-resign-yes = हो, हार मान्छु
play-keep-playing = खेलिरहनुहोस्
play-accept = स्वीकार गर्नुहोस्
play-decline = अस्वीकार गर्नुहोस्
play-flip = बोर्ड घुमाउनुहोस्
play-analyse = विश्लेषण
play-take-back = चाल फिर्ता
play-hint = सुझाव
play-offer-draw = बराबरीको प्रस्ताव
play-resign = हार मान्नुहोस्
play-berserk = बर्सर्क
play-share = सेयर गर्नुहोस्
play-resign-question = यो खेलमा हार मान्ने हो? यसलाई हार गनिन्छ।
looking-at-start = सुरुवात
looking-at-move = { $count } मध्ये चाल { $ply }
looking-back = तपाईं पछाडि फर्केर { $at } हेर्दै हुनुहुन्छ। यहाँ कुनै चाल चाल्न सकिँदैन: End वा “{ play-latest }” ले फर्काउँछ।
game-number = खेल { $id }
you-are-watching = तपाईं हेर्दै हुनुहुन्छ (जम्मा { $count } जना)
watching-count = { $count } जना हेर्दै

## रिप्ले र समीक्षा

replay-start = सुरुवात
replay-after-move = { $count } मध्ये चाल { $ply } पछि
replay-play = चलाउ
replay-pause = रोक
replay-play-from-here = यहाँबाट कम्प्युटरसँग खेल्नुहोस्
replay-play-from-here-short = यहाँबाट खेल्नुहोस्
review-accuracy = शुद्धता: { $figures }
review-ahead = { $side } अगाडि
review-legend-mistake = गल्ती
review-legend-blunder = ठूलो गल्ती
# अङ्ग्रेजीमा $many ले "Goats' winning chance" र "South's winning chance" छुट्याउँछ; नेपालीमा "को" दुवैमा मिल्छ।
review-graph-caption = { $side }को जित्ने सम्भावना
review-move-shown = देखाइएको चाल
review-graph-first-move = चाल { $count }
review-end = खेलको अन्त्य।
review-step-back = हरेक चालको फैसला हेर्न पछाडि जानुहोस्।
review-slips = { $count ->
    [0] { $side }: कुनै चुक छैन
    [one] { $side }: 1 चुक
   *[other] { $side }: { $count } चुक
}

## यस उपकरणका समस्या

problem-settings = तपाईंका सेटिङ पढ्न वा राख्न सकिएन: { $detail }
problem-settings-invalid = सुरक्षित गरिएका सेटिङ मान्य छैनन् ({ $detail }); तिनलाई बदलिनेछ।
problem-no-storage = यो ब्राउजरले यो पृष्ठका लागि केही पनि राख्दैन (निजी मोड?)।
problem-no-copy = यो ब्राउजरले कपी गर्न सक्दैन; यो रह्यो: { $text }
problem-not-web-address = { $url } वेब ठेगाना होइन।
problem-no-browser = { $url } ब्राउजरमा खोल्न सकिएन ({ $detail })।
problem-popup = ब्राउजरले { $url } खोलेन (पप-अप ब्लकर?)।
problem-font = एउटा फन्ट पढ्न सकिएन: { $detail }
review-a-win = जित
review-a-draw = बराबरी
review-a-loss = हार
review-house = घर { $house }
value-has-won = जितिसकेको
value-has-lost = हारिसकेको
value-wins-in = { $count } चालमा जित
value-loses-in = { $count } चालमा हार
value-draw = बराबरी
value-level = बराबर
value-wins-by = { $count } बीउले जित
value-loses-by = { $count } बीउले हार
noun-the-win = जित
noun-the-loss = हार
noun-win-in = { $count } चालमा जित
noun-loss-in = { $count } चालमा हार
noun-win-by = { $count } बीउले जित
noun-loss-by = { $count } बीउले हार
# $side धेरै गोटीको पक्ष ("बाख्रा", "बाघ") हुँदा $many "yes" हुन्छ, र क्रिया बहुवचनमा जान्छ।
standing-chance = { $side }को जित्ने सम्भावना: { $percent }।
standing-draw = उत्तम खेलमा बराबरी।
standing-level = बराबर: उत्तम खेलमा बराबरी।
standing-has-won = { $many ->
    [yes] { $side } जितिसके।
   *[no] { $side } जितिसक्यो।
}
standing-has-lost = { $many ->
    [yes] { $side } हारिसके।
   *[no] { $side } हारिसक्यो।
}
standing-wins-in = { $many ->
    [yes] { $side } { $count } चालमा जित्छन्।
   *[no] { $side } { $count } चालमा जित्छ।
}
standing-loses-in = { $many ->
    [yes] { $side } { $count } चालमा हार्छन्।
   *[no] { $side } { $count } चालमा हार्छ।
}
standing-wins-by = { $side } { $count } बीउले जित्छ।
standing-loses-by = { $side } { $count } बीउले हार्छ।
class-best = उत्तम चाल
class-good = राम्रो
class-inaccuracy = सानो गल्ती
class-mistake = गल्ती
class-blunder = ठूलो गल्ती
slip = { $ply }. { $move }: { $what }
slip-better = { $ply }. { $move }: { $what }; { $best } राम्रो हुन्थ्यो
slip-turned = { $before }लाई { $after }मा बदल्यो
slip-gave-away = { $points }% गुमायो
accuracy-side = { $side } { $value }
accuracy-line = { $first } · { $second }
verdict-head = { $ply }. { $move }: { $class }
verdict-turned-kept-win = { $before }लाई { $after }मा बदल्यो; { $better } ले जित जोगाउँथ्यो।
verdict-turned-kept-draw = { $before }लाई { $after }मा बदल्यो; { $better } ले बराबरी जोगाउँथ्यो।
verdict-turned = { $before }लाई { $after }मा बदल्यो; { $better } राम्रो हुन्थ्यो।
verdict-wins-too = { $better } ले जस्तै यसले पनि { $count } चालमा जित्छ।
verdict-wins-slower = { $was } चालको सट्टा { $count } चालमा जित्छ; { $better } छिटो थियो।
verdict-loses-anyway = { $better } ले जस्तै यसले पनि { $count } चालमै हार्छ।
verdict-loses-sooner = { $was } चालको सट्टा { $count } चालमै हार्छ; { $better } ले धेरै बेर टिकाउँथ्यो।
verdict-wins-by-less = { $was } बीउको सट्टा { $count } बीउले मात्र जित्छ; { $better } राम्रो थियो।
verdict-loses-by-more = { $was } बीउको सट्टा { $count } बीउले हार्छ; { $better } राम्रो थियो।
verdict-values = अब { $before } को सट्टा { $after }; { $better } राम्रो थियो।
verdict-compared = { " " }({ $is } को सट्टा { $was })
verdict-little = 1% भन्दा कम गुमायो; { $better } अलि राम्रो थियो{ $values }।
verdict-gave-away = जित्ने सम्भावना { $points }% गुमायो; { $better } राम्रो थियो{ $values }।
problem-not-utf8 = सर्भरले UTF-8 नभएको पाठ पठायो।

## बोर्डमा गोटीमाथि लेखिने चिन्ह (एक-दुई अक्षर), र बोर्डछेउका ट्रे

piece-label-goat = ख्रा
piece-label-tiger = बा
tray-in-hand = हातमा: { $count }
tray-captured = मारिएका: { $total } मध्ये { $count }

animal-rat = मु
animal-cat = बि
animal-dog = कु
animal-wolf = ब्वाँ
animal-leopard = चि
animal-tiger = बा
animal-lion = सिं
animal-elephant = हा

## नदेखी वा माउसबिना खेल्न: चाल लेख्ने ठाउँ, बोर्डको कर्सर, र स्क्रिन रिडरले सुनाउने कुरा

move-field-label = चाल लेख्नुहोस्, वा मद्दतका लागि ?
typed-not-legal = “{ $typed }” यहाँ वैध चाल होइन। चाल जसरी लेखिन्छ त्यसरी नै टाइप गर्नुहोस्, जस्तै { $example }।
typed-not-your-turn = अहिले चाल्ने पालो तपाईंको होइन।
typed-game-over = खेल सकिइसकेको छ।
speech-help = चाल जसरी लेखिन्छ त्यसरी नै टाइप गर्नुहोस्, जस्तै { $example }, अनि Enter थिच्नुहोस्। वा बोर्ड सुन्न b, घडी सुन्न c, कसको पालो हो सुन्न s टाइप गर्नुहोस्। बोर्डमा Tab थिच्दा कर्सर आउँछ: एरो कीले त्यसलाई सार्छ, Enter ले छान्छ, Escape ले छोड्छ।
speech-cursor-help = कर्सर बोर्डमा छ: एरो कीले त्यसलाई सार्छ, Enter ले छान्छ, Escape ले छोड्छ, Tab ले बोर्डबाट बाहिर लैजान्छ।
speech-cell = { $cell }: { $what }
speech-empty = खाली
speech-none = केही छैन
speech-both = { $first }, { $second }
speech-house = { $side }को घर { $house }: { $count } बीउ
speech-side-pieces = { $side }: { $pieces }।
speech-side-soldiers = { $side }: { $count } सिपाही: { $pieces }।
speech-piece-at = { $piece } { $cell }
speech-goats-hand = हातमा बाख्रा: { $hand }; मारिएका: { $total } मध्ये { $count }।
speech-kalah-side = { $side }: घरहरू { $houses }; भण्डार { $store }।
speech-clocks = { $first }: { $first_time }। { $second }: { $second_time }।
speech-no-clocks = यो खेलमा घडी छैन।
piece-goat = बाख्रा
piece-tiger = बाघ
piece-soldier = सिपाही
piece-of-side = { $side }को { $piece }
ground-water = पानी
ground-trap = { $side }को पासो
ground-den = { $side }को ओडार
animal-name-rat = मुसो
animal-name-cat = बिरालो
animal-name-dog = कुकुर
animal-name-wolf = ब्वाँसो
animal-name-leopard = चितुवा
animal-name-tiger = बाघ
animal-name-lion = सिंह
animal-name-elephant = हात्ती
speech-button = { $label }, बटन

## पत्राचार खेल र तपाईंको पालोको सूचना

choices-live = लाइभ
choices-correspondence = पत्राचार
choices-move-time = प्रति चाल समय
pace-days = प्रति चाल { $count } दिन
pace-unlimited = समय सीमा छैन
pace-value-days = { $count } दिन
pace-value-unlimited = सीमा छैन
span-days = { $count } दिन
span-hours = { $count } घण्टा
span-minutes = { $count } मिनेट
span-two = { $larger } { $smaller }
span-under-minute = एक मिनेटभन्दा कम
deadline-yours = तपाईंको चाल: { $time } बाँकी
deadline-theirs = { $who } को चाल: { $time } बाँकी
deadline-yours-unlimited = तपाईंको चाल: समय सीमा छैन
deadline-theirs-unlimited = { $who } को चाल: समय सीमा छैन
deadline-up = यो चालको समय सकियो।
my-games = मेरा खेल
my-games-none = पत्राचार खेलहरू चालहरूका बीचमा यहाँ पर्खन्छन्: एउटा सुरु गर्न "{ mode-friend }" वा "{ mode-anyone }" छान्नुहोस्, अनि "{ choices-correspondence }"।
my-games-your-turn = तपाईंको पालो
my-games-their-turn = विपक्षीको पालो
my-games-left = { $time } बाँकी
my-games-time-up = समय सकियो
my-games-muted = सूचना बन्द
my-games-open = खोल्नुहोस्
my-games-more = थप { $count } चलिरहेका खेल यहाँ सूचीमा छैनन्।
waiting-title = विपक्षीको पर्खाइमा
waiting-invitation = साथीका लागि, कोड { $code }
waiting-open = जोसुकैका लागि खुला
push-turn-on = मेरो पालो आउँदा मलाई खबर गर्नुहोस्
push-asking = सोध्दै...
push-blocked = यो ब्राउजरले चौपालका सूचनाहरू रोकेको छ: आफ्नो पालोको खबर पाउन ब्राउजरको साइट सेटिङमा अनुमति दिनुहोस्।
push-turn-off = सूचना बन्द गर्नुहोस्
push-mute-all = सबै मौन
push-unmute-all = सबै सूचना खोल्नुहोस्
play-mute = खेलको सूचना बन्द
play-unmute = खेलको सूचना खोल्नुहोस्
notice-game-waits = तपाईंको खेल "मेरा खेल" मा पर्खिरहेको छ: समय सकिनुअघि फर्केर चाल चाल्नुहोस्।
notice-push-on = तपाईंको पालो आउँदा चौपाल बन्द भए पनि तपाईंलाई खबर गरिनेछ।
notice-push-off = यो उपकरणमा अब सूचना आउने छैन।
notice-push-blocked = ब्राउजरले सूचनाहरू रोक्यो: साइट सेटिङमा अनुमति दिएर फेरि प्रयास गर्नुहोस्।
notice-push-not-allowed = सूचना बन्द नै रहन्छ: ब्राउजरको प्रश्न बन्द गरियो।
notice-push-failed = सूचना सुरु गर्न सकिएन: { $why }
notice-muted-game = यो खेलका सूचनाहरू मौन गरिए।
notice-unmuted-game = यो खेलका सूचनाहरू फेरि सुरु भए।
notice-muted-all = तपाईंका सबै खेलका सूचनाहरू मौन गरिए।
notice-unmuted-all = तपाईंका खेलका सूचनाहरू फेरि सुरु भए।
asked-my-games = तपाईंका चलिरहेका खेलको सूची
asked-my-seeks = तपाईंका चुनौती र निम्तोको सूची
asked-push = सूचना
asked-mute = मौन गर्दा
doing-open-game = आफ्नो खेल खोल्न
error-bad-subscription = सर्भरले यो ब्राउजरका सूचनाहरू स्वीकार गरेन: { $why }।
error-no-push = यो सर्भरले सूचना पठाउँदैन।

## चौपालको कुनै पेज खुला नहुँदा देखिने सूचना (खेल र विपक्षी ब्राउजरले भर्छ)

notify-turn-title = { $opponent } विरुद्धको { $game } मा तपाईंको पालो
notify-turn-body = { $opponent } ले चाल चाल्नुभयो। खेल्न थिच्नुहोस्।
notify-round-game-title = चरण { $round }: { $opponent } विरुद्ध { $game }
notify-round-game-body = तपाईंको खेल सुरु भयो। खेल्न थिच्नुहोस्।
notify-accepted-title = { $opponent } ले तपाईंको निम्तो स्वीकार गर्नुभयो
notify-accepted-body = तपाईंको { $game } खेल सुरु भयो।
notify-won = { $opponent } विरुद्धको { $game }: तपाईंले जित्नुभयो
notify-lost = { $opponent } विरुद्धको { $game }: तपाईंले हार्नुभयो
notify-drawn = { $opponent } विरुद्धको { $game }: बराबरी
notify-aborted = { $opponent } विरुद्धको { $game }: रद्द भयो
notify-ended-body = खेल सकियो।
notify-ended-on-time = खेल समय सकिएर टुङ्गियो।
notify-reminder-title = { $opponent } विरुद्धको { $game } मा तपाईंको चाल
notify-reminder-body = चाल चाल्न { $hours } घण्टाभन्दा कम समय बाँकी छ।
notify-tournament-soon-title = तपाईंको { $game } प्रतियोगिता { $minutes } मिनेटमा सुरु हुन्छ
notify-tournament-soon-body = खोल्न थिच्नुहोस्।

## पहेली: लबीबाट तिनमा जाने बाटो, पहेली पर्दा, र खेलको समीक्षामा आफ्नै गल्तीबाट बनेका पहेली

lobby-puzzles = पहेली
lobby-daily-puzzle = आजको पहेली
screen-puzzles = पहेली
title-puzzles = पहेली - चौपाल
doing-puzzles = पहेली समाधान गर्न
puzzle-task-win = { $side }को पालो: जिताउने एउटै चाल खोज्नुहोस्
puzzle-task-draw = { $side }को पालो: बराबरी जोगाउने एउटै चाल खोज्नुहोस्
puzzle-rating = पहेलीको रेटिङ { $rating }
puzzle-your-rating = तपाईंको पहेली रेटिङ: { $rating }
puzzle-unrated-attempt = रेटिङ नगनिने · तपाईंको पहेली रेटिङ: { $rating }
puzzle-streak = लगातार: { $count } पहेली समाधान
puzzle-best-streak = सबैभन्दा लामो लगातार: { $count }
puzzle-from-your-game = तपाईंको खेलबाट: { $total } मध्ये पहेली { $place }
puzzle-finding = पहेली खोज्दै...
puzzle-checking = तपाईंको चाल जाँच्दै...
puzzle-to-find = खोज्नुपर्ने चाल: { $count }
puzzle-find-again = अर्को चाल चाल्नुहोस्।
puzzle-right = सही!
puzzle-keep-going = जारी राख्नुहोस्: अझै { $count } चाल खोज्नुपर्छ।
puzzle-wrong-goats-escape = त्यो होइन: बाख्राहरू उम्कन्छन्
puzzle-wrong-tigers-break-out = त्यो होइन: बाघहरू घेराबाट फुत्कन्छन्
puzzle-wrong-lead-slips = त्यो होइन: अग्रता हातबाट जान्छ
puzzle-wrong-win-slips = त्यो होइन: जित हातबाट जान्छ
puzzle-wrong-soldiers-hold = त्यो होइन: उनीहरूका सिपाही टिकिरहन्छन्
puzzle-wrong-loses = त्यो होइन: यसले हराउँछ
puzzle-streak-over = लगातार सकियो: { $count } पहेली समाधान
puzzle-solved = समाधान भयो!
puzzle-solved-again = अर्को प्रयासमा समाधान: रेटिङ गनिँदैन।
puzzle-solution-shown = समाधान: { $count } मध्ये चाल { $shown }
puzzle-rating-change = तपाईंको पहेली रेटिङ: { $rating } ({ $change })
puzzle-unrated = रेटिङ गनिएन: तपाईंको पहेली रेटिङ उस्तै रहन्छ
puzzle-left-failed = चाल चालेपछि छोडिएको पहेली असफल गनियो। { $change }
puzzle-rating-now = पहेलीको रेटिङ अब { $rating }
puzzle-try-again = फेरि प्रयास
puzzle-show-solution = समाधान देखाउनुहोस्
puzzle-next = अर्को पहेली
puzzle-new-streak = नयाँ लगातार
puzzle-skip = छोड्नुहोस् (असफल गनिन्छ)
puzzle-skip-confirm = छोड्नुहोस्: पक्का गर्न फेरि थिच्नुहोस्
puzzle-press-again = पक्का गर्न फेरि थिच्नुहोस्
puzzle-leave-warning = तपाईंको रेटिङ पहेली अझै अधुरो छ: यसलाई छोडेर अर्को पहेली खोले यो असफल गनिन्छ।
puzzle-choices = अर्को पहेली
puzzle-game = खेल
puzzle-any-game = जुनसुकै खेल
puzzle-theme = विषय
puzzle-any-theme = जुनसुकै विषय
puzzle-mode-rated = रेटिङ
puzzle-mode-streak = लगातार
puzzle-rated-hint = हरेक पहेलीमा तपाईंको पहिलो प्रयास पहेली रेटिङमा गनिन्छ।
puzzle-streak-hint = रेटिङ नगनिने: झन्-झन् कठिन, तपाईंको पहिलो गल्तीसम्म।
puzzle-no-mistakes = यो खेलबाट कुनै पहेली बनेन: तपाईंका कुनै पनि गल्तीको ठाउँमा स्पष्ट रूपमा उत्तम एउटै चाल थिएन।
puzzle-unreadable = यो पहेली देखाउन सकिँदैन: { $why }
puzzle-out-of-step = पहेलीको बोर्ड सर्भरको भन्दा फरक भयो: यो फेरि सुरु हुन्छ।
review-learn-mistakes = आफ्ना गल्तीबाट सिक्नुहोस्
broken-puzzle = पहेली { $id } खोल्न सकिँदैन। ({ $said })
asked-puzzle = पहेली माग्दा
asked-puzzle-move = पहेलीमा चाल चाल्दा
asked-puzzle-solution = समाधान माग्दा
asked-mistake-puzzles = गल्तीका पहेली माग्दा
error-no-such-puzzle = त्यस्तो पहेली छैन, वा मिल्ने कुनै बाँकी छैन: अर्को खेल वा विषय छान्नुहोस्।
error-puzzle-not-given = यो पहेली पहिलेको जडानलाई दिइएको थियो: फेरि माग्नुहोस्।
error-puzzle-over = यो पहेली सकियो: अर्को माग्नुहोस्।
theme-capture = मार्ने चाल
theme-trap = घेराबन्दी
theme-double-threat = दोहोरो धम्की
theme-block = रोक
theme-extra-turn = थप पालो
theme-extra-turn-chain = लगातार थप पालो
theme-finish = खेल टुङ्ग्याउने
theme-save-draw = बराबरी जोगाउने
theme-one-move = एक चाल
theme-long = लामो
theme-placement = बाख्रा राख्दै
theme-movement = बाख्रा चलाउँदै
theme-sweep = सफाया
theme-den = ओडार
theme-chain = उफ्राइको लहर

## Tournaments (arenas, Swiss, round robins)
lobby-tournaments = प्रतियोगिता
screen-tournaments = प्रतियोगिता
screen-new-tournament = नयाँ प्रतियोगिता
title-tournaments = प्रतियोगिता - चौपाल
doing-tournaments = प्रतियोगितामा खेल्न
asked-tournament = प्रतियोगिता
asked-new-tournament = नयाँ प्रतियोगिता
broken-tournament = प्रतियोगिता { $id } खोल्न सकिँदैन। ({ $said })
tournament-started = तपाईंको प्रतियोगिता सुरु भयो।
tournament-ended = तपाईंको प्रतियोगिता सकियो: विजेताहरू हेर्नुहोस्।
tournament-paired = { $opponent }सँग जोडी मिल्यो: तपाईंको खेल सुरु हुँदैछ।
tournaments-heading = प्रतियोगिता
tournaments-about = एरिनामा समय सकिएसम्म सबैले सकेजति खेल खेल्छन्। स्विसमा हरेक चरणले बराबर अङ्कका खेलाडीको जोडी मिलाउँछ; राउन्ड रबिनमा सबै सबैसँग खेल्छन्। सबैभन्दा धेरै अङ्क पाउने जित्छ।
tournaments-new = प्रतियोगिता बनाउनुहोस्
tournaments-loading = लोड हुँदैछ…
tournaments-none = अहिले कुनै प्रतियोगिता छैन। एउटा बनाउनुहोस्!
tournaments-mine = तपाईंका
tournaments-running = अहिले चलिरहेका
tournaments-upcoming = छिट्टै सुरु हुने
tournaments-finished = सकिएका
tournament-title = { $game } एरिना
tournament-format = { $minutes } मिनेटको एरिना
tournament-format-streaks = { $minutes } मिनेटको एरिना, लगातार जितसहित
tournament-format-clock = { $format } · { $clock }
tournament-starts-in = { $time }मा सुरु हुन्छ
tournament-starting = सुरु हुँदैछ…
tournament-ends-in = { $time }मा सकिन्छ
tournament-ending = सकिँदैछ…
tournament-over = सकियो
tournament-entrants = { $count } खेलाडी
tournament-entrants-private = { $count } खेलाडी, निजी
tournament-by = { $name }ले बनाएको
tournament-join = सहभागी हुनुहोस्
tournament-rejoin = फेरि खेल्नुहोस्
tournament-pause = विश्राम
tournament-leave = छोड्नुहोस्
tournament-share = लिङ्क पठाउनुहोस्
tournament-podium = विजेताहरू
tournament-podium-line = { $rank }. { $name }: { $points } अङ्क
tournament-standings = अङ्कतालिका
tournament-no-entrants = अहिलेसम्म कोही सहभागी भएका छैनन्।
tournament-page = { $pages } मध्ये { $page }
tournament-line = रेटिङ { $rating } · { $points } अङ्क · { $presence }
tournament-idle = पर्खँदै
tournament-playing = खेल्दै
tournament-paused = विश्राममा
tournament-left = छोडे
tournament-done = अन्त्यसम्म खेले
tournament-new-heading = प्रतियोगिता बनाउनुहोस्
tournament-minutes = { $count } मिनेट
tournament-game = खेल
tournament-length = अवधि
tournament-clock = घडी
tournament-start = सुरु
tournament-start-now = अहिले
tournament-start-in = { $count } मिनेटमा
tournament-public = सार्वजनिक
tournament-private = निजी
tournament-public-hint = सबैले देख्ने र सहभागी हुन सक्ने।
tournament-private-hint = कसैलाई देखाइँदैन: चाहेका खेलाडीलाई यसको लिङ्क पठाउनुहोस्।
tournament-computers-label = कम्प्युटर
tournament-computers = { $count ->
    [0] कुनै छैन
   *[other] { $count } कम्प्युटर
}
tournament-computer-level = तिनको स्तर
tournament-rated-hint = खेलहरू रेटिङमा गनिन्छन्; लगातार दुई जितपछि खेलाडी जोसमा हुन्छ, र उसको जितको अङ्क दोब्बर हुन्छ।
tournament-create = बनाउनुहोस्
tournament-back = प्रतियोगितामा फर्कनुहोस्
tournament-open = खोल्नुहोस्
tournament-on-fire = जोसमा
tournament-my-game = मेरो खेलमा जानुहोस्
tournament-title-swiss = { $game } स्विस
tournament-title-round-robin = { $game } राउन्ड रबिन
tournament-format-swiss = स्विस, { $rounds } चरण
tournament-format-swiss-matches = स्विस, दुई खेलका म्याचका { $rounds } चरण
tournament-format-round-robin = राउन्ड रबिन, बढीमा { $count } खेलाडी
tournament-format-double-round-robin = दोहोरो राउन्ड रबिन, बढीमा { $count } खेलाडी
tournament-round = { $of } मध्ये चरण { $round }
tournament-round-playing = खेलहरू चलिरहेका छन्
tournament-round-pairing = चरण { $round }: जोडी मिलाउँदै…
tournament-next-round = चरण { $round } { $time }मा
tournament-next-round-seconds = चरण { $round } { $seconds } सेकेन्डमा
tournament-bye = चरण { $round }: तपाईंलाई बाइ मिल्यो, जितेको चरण।
tournament-sat-out = चरण { $round }: तपाईं बस्नुहुन्छ, भेट्न कोही बाँकी छैन।
tournament-buchholz = बुखोल्ज { $points }
tournament-sonneborn-berger = SB { $points }
tournament-wins = { $count } जित
tournament-kind-arena = एरिना
tournament-kind-swiss = स्विस
tournament-kind-round-robin = राउन्ड रबिन
tournament-format-label = ढाँचा
tournament-rounds-label = चरण
tournament-rounds = { $count } चरण
tournament-players-label = खेलाडी
tournament-most-players = बढीमा { $count }
tournament-single-games = एकल खेल
tournament-matches = दुई खेलको म्याच
tournament-meet-once = एक पटक भेट
tournament-meet-twice = दुई पटक भेट
tournament-start-day = एक दिनमा
tournament-start-week = एक हप्तामा
tournament-swiss-hint = खेलहरू रेटिङमा गनिन्छन्; जितको १ अङ्क, बराबरीको ½। हरेक चरणले बराबर अङ्कका खेलाडीको जोडी मिलाउँछ, एउटै दुई जना दुई पटक कहिल्यै होइन; बराबरी बुखोल्ज, त्यसपछि सोनेबोर्न-बर्गर (SB) ले छुट्याउँछ। अन्तिम चरणको जोडी नमिलुन्जेल सहभागी हुन सकिन्छ।
tournament-round-robin-hint = खेलहरू रेटिङमा गनिन्छन्; सबै सबैसँग, एक पटकमा एक चरण खेल्छन्; जितको १ अङ्क, बराबरीको ½। सुरु हुनुअघि सहभागी हुनुहोस्; विश्राम छैन।
