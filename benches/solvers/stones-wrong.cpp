// Wrong on purpose (benches/solvers.rs): the counts are read as doubles, so
// totals near zero over counts near 10^18 are rounded. A right program of
// ZOJ 3452 otherwise.
#include<iostream>
#include<cstdio>
#include<functional>
#include<algorithm>
#include<cstring>
using namespace std;
long long bb,ww,wb,bw;
char s[10];
int n;
void fprint(long long x,long long y)//先手的情况
{
	if(x>y)
		printf("win ");
	else
		printf("lose ");
}
void sprint(long long x,long long y)//后手的情况
{
	if(x>=y)
		printf("win\n");
	else
		printf("lose\n");
}
int main()
{
	int i,j,len;
	long long ans1,ans2;
	double a;
	while(scanf("%d",&n)!=EOF)
	{
		bb=ww=wb=bw=0;//统计数据清零
		for(i=1;i<=n;i++)
		{
			scanf("%s %lf",&s,&a);//输入
			len=strlen(s);
			if(len==1)//统计单个石头的情况
			{
				if(s[0]=='b')
					bb+=a;
				else
					ww+=a;
			}
			else//统计两个石头的情况
			{
				if(s[0]=='b'&&s[1]=='b')
					bb+=2*a;
				else if(s[0]=='w'&&s[1]=='w')//纯色石子统计
					ww+=2*a;
				else if(s[0]=='b'&&s[1]=='w')
					bw+=a;
				else if(s[0]=='w'&&s[1]=='b')//混合石子统计
					wb+=a;
			}
		}
		if(bw==wb)//计算最后是哪一种混合石堆剩下
			bw=wb=0;
		else if(bw>wb)
			bw-=wb, wb=0;
		else
			wb-=bw, bw=0;

		if(bb==ww)//只用算多出的部分，可以缩减一下数据范围
			bb=ww=0;
		else if(bb>ww)
			bb-=ww, ww=0;
		else
			ww-=bb, bb=0;

		if(bw==wb)
		{
			fprint(ww,bb);
			sprint(ww,bb);
		}
		else if(bw>wb)//ans1值没有改变，可以省略一个，这样写容易看
		{//wb=0
			ans1=ww+bw;//bw这种石堆都可以拿
			ans2=bb+bw/2;//后手只能拿一半
			fprint(ans1,ans2);//输出先手的情况

			ans1=ww+bw;//我后手
			ans2=bb+(bw+1)/2;//对于别人来说是先手
			sprint(ans1,ans2);//输出后手的情况
		}
		else//ans2值没有改变，可以省略一个，这样写容易看
		{//bw=0
			ans1=ww+(wb+1)/2;//理由同上
			ans2=bb+wb;
			fprint(ans1,ans2);

			ans1=ww+wb/2;
			ans2=bb+wb;
			sprint(ans1,ans2);
		}
	}
	return 0;
}
